// Addresses name items for people and for the plan: `site "Acme Docs" › section "api"`. An item
// this plan creates has no id yet: calls name it with the placeholder `{{id:ADDRESS}}`, which
// apply fills in from the answer of the call that creates it. Everything that builds or reads
// addresses and placeholders goes through here.

export const SEPARATOR = " › ";
const PREFIX = "{{id:";
const PLACEHOLDERS = /\{\{id:(.+?)\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{id:(.+)\}\}$/;

/** The address of an item: its parent's address, then its kind and key. */
export function addressOf(parentAddress: string, kind: string, key: string): string {
  const own = `${kind} ${JSON.stringify(key)}`;
  return parentAddress === "" ? own : `${parentAddress}${SEPARATOR}${own}`;
}

/** Characters JSON.stringify escapes in a string (and surrogates, which it may). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `addressOf` for many items of one kind in one parent: the common part is built once, and a
 * key that JSON would not escape is quoted as it is (the same text as `addressOf`'s).
 */
export function addressesIn(parentAddress: string, kind: string): (key: string) => string {
  const prefix = addressPrefix(parentAddress, kind);
  const open = `${prefix}"`;
  return (key) => (ESCAPED.test(key) ? prefix + JSON.stringify(key) : `${open}${key}"`);
}

/** The common beginning of the addresses of the items of `kind` below `parentAddress`. */
export const addressPrefix = (parentAddress: string, kind: string): string =>
  parentAddress === "" ? `${kind} ` : `${parentAddress}${SEPARATOR}${kind} `;

/** Whether `address` is `ancestor` or an item below it. */
export const isUnder = (address: string, ancestor: string): boolean =>
  address === ancestor || address.startsWith(`${ancestor}${SEPARATOR}`);

/** An address below `ancestor`, said from it (`section "api"` below `site "Docs"`); else the whole. */
export const relativeAddress = (address: string, ancestor: string): string =>
  address.startsWith(`${ancestor}${SEPARATOR}`) ? address.slice(ancestor.length + SEPARATOR.length) : address;

/** The item's own part of an address (`section "api"`). */
export function lastSegment(address: string): string {
  const at = address.lastIndexOf(SEPARATOR);
  return at < 0 ? address : address.slice(at + SEPARATOR.length);
}

/** The top-level item of an address (`site "Acme Docs"`). */
export const firstSegment = (address: string): string => address.split(SEPARATOR, 1)[0]!;

/** The placeholder for the id of an item created during apply. */
export const idPlaceholder = (address: string): string => `${PREFIX}${address}}}`;

export const isPlaceholder = (id: string): boolean => id.startsWith(PREFIX);

/** The address a value stands for, when the whole value is a placeholder. */
export function placeholderAddress(value: string): string | undefined {
  return WHOLE_PLACEHOLDER.exec(value)?.[1];
}

/** Adds the address of every placeholder in a JSON value to `found`. */
export function placeholdersIn(value: unknown, found: Set<string>): void {
  if (typeof value === "string") {
    if (!value.includes(PREFIX)) return;
    for (const match of value.matchAll(PLACEHOLDERS)) found.add(match[1]!);
  } else if (Array.isArray(value)) {
    for (const item of value) placeholdersIn(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) placeholdersIn(item, found);
  }
}

/** Replaces the placeholders in a text with what `id` gives for their address. */
export function replacePlaceholders(text: string, id: (address: string) => string): string {
  return text.includes(PREFIX) ? text.replace(PLACEHOLDERS, (_, address: string) => id(address)) : text;
}
