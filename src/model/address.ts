// Addresses name items: the steps from the organization down to the item, each a kind and the
// item's key in its container (`site "Acme Docs" › section "api"` for people). An address is
// data: keys may hold any character, and nothing takes a text apart to find them again (the one
// text read as an address is a `--target`, at the command line). An item this plan creates has
// no id yet: calls name it by a reference (`IdRef`), which apply fills in from the answer of the
// call that creates it.

/** One step of an address: an item of `kind` whose key in its container is `key`. */
export interface AddressStep {
  readonly kind: string;
  readonly key: string;
}

/** The steps from the organization down to an item; empty for the organization itself. */
export type Address = readonly AddressStep[];

export const ROOT: Address = [];

/** How steps are joined for people. */
export const SEPARATOR = " › ";

/** The address of an item: its parent's address, then its kind and key. */
export function addressOf(parent: Address, kind: string, key: string): Address {
  const address: AddressStep[] = new Array(parent.length + 1);
  for (let at = 0; at < parent.length; at++) address[at] = parent[at]!;
  address[parent.length] = { kind, key };
  return address;
}

/** Characters JSON.stringify escapes in a string (and surrogates, which it may). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

const quoted = (key: string): string => (ESCAPED.test(key) ? JSON.stringify(key) : `"${key}"`);

/** One step as people read it: `section "api"`. */
export const stepText = (step: AddressStep): string => `${step.kind} ${quoted(step.key)}`;

/**
 * An address as people read it: `site "Acme Docs" › section "api"`. Keys are quoted as JSON
 * strings, so two addresses have the same text only when they are the same: the text also
 * serves as the address's key in maps. It is never read back.
 */
export function addressText(address: Address): string {
  let text = address.length === 0 ? "" : stepText(address[0]!);
  for (let at = 1; at < address.length; at++) text += SEPARATOR + stepText(address[at]!);
  return text;
}

/** The text of `parent`'s address and one more step, without building the address. */
export const childText = (parentText: string, kind: string, key: string): string =>
  parentText === "" ? `${kind} ${quoted(key)}` : `${parentText}${SEPARATOR}${kind} ${quoted(key)}`;

export const sameAddress = (a: Address, b: Address): boolean =>
  a.length === b.length && a.every((step, at) => step.kind === b[at]!.kind && step.key === b[at]!.key);

/** Whether `address` is `ancestor` or an item below it. */
export const isUnder = (address: Address, ancestor: Address): boolean =>
  address.length >= ancestor.length && sameAddress(address.slice(0, ancestor.length), ancestor);

/**
 * An address (as text) said from one of its ancestors (`section "api"` below `site "Docs"`),
 * else the whole. Texts quote keys, so an ancestor's text followed by the separator begins the
 * text of an item below it and no other.
 */
export const relativeAddress = (address: string, ancestor: string): string =>
  address.startsWith(`${ancestor}${SEPARATOR}`) ? address.slice(ancestor.length + SEPARATOR.length) : address;

/** The item's own step, as people read it (`section "api"`). */
export const ownText = (address: Address): string =>
  address.length === 0 ? "" : stepText(address[address.length - 1]!);

/**
 * The id of an item this plan creates, in a call's path or body: the address of the item, whose
 * id apply takes from the answer of the call that creates it.
 */
export class IdRef {
  constructor(readonly idOf: Address) {}
}

/** An id as a call names it: a live id, or a reference to an item this plan creates. */
export type Id = string | IdRef;

/** The addresses of the items this plan creates among `ids`, for a call's `needs`. */
export function createdAmong(...ids: (Id | null | undefined)[]): Address[] | undefined {
  let found: Address[] | undefined;
  for (const id of ids) {
    if (!(id instanceof IdRef) || found?.some((address) => sameAddress(address, id.idOf))) continue;
    if (found) found.push(id.idOf);
    else found = [id.idOf];
  }
  return found;
}

/** For people: `(id of new section "api")`. */
export const refText = (ref: { idOf: Address }): string => `(id of new ${ownText(ref.idOf)})`;
