// Where a call names items this plan creates, whose ids apply fills in: parts of its path, and
// places in its body. A path is tool-made text, so a reference stands in it as a part of its own;
// a body holds the user's values, so the plan keeps its references beside it, by JSON pointer,
// and never reads anything in the body itself as one.

import { type Address, IdRef, refText, sameAddress } from "./address.ts";

/** A part of a path: text as sent, or the id of an item this plan creates. */
export type PathPart = string | { readonly idOf: Address };

/** A call's path: text, or parts when it names an item this plan creates. */
export type ApiPath = string | readonly PathPart[];

/** A place in a body (a JSON pointer) that holds the id of an item this plan creates. */
export interface BodyRef {
  at: string;
  idOf: Address;
}

/** A path of text, ids and paths, as one: text where it names no new item. */
export function joinPath(...pieces: readonly (string | IdRef | ApiPath)[]): ApiPath {
  let parts: PathPart[] | undefined;
  let text = "";
  for (const piece of pieces) {
    if (typeof piece === "string") text += piece;
    else if (piece instanceof IdRef) {
      parts ??= [];
      if (text !== "") parts.push(text);
      parts.push(piece);
      text = "";
    } else {
      for (const part of piece) {
        if (typeof part === "string") text += part;
        else {
          parts ??= [];
          if (text !== "") parts.push(text);
          parts.push(part);
          text = "";
        }
      }
    }
  }
  if (parts === undefined) return text;
  if (text !== "") parts.push(text);
  // Written into a text (`${path}/move`), the parts would read "/orgs/o/sites/,[object Object]":
  // such a path is built with the paths' helpers (subPath), never as text.
  Object.defineProperty(parts, "toString", { value: refuseText });
  return parts;
}

function refuseText(): never {
  throw new Error(
    "planner bug: a path that names an item this plan creates was written as text; build it with subPath or below (src/kinds/paths.ts)",
  );
}

/** A path as people read it: `/orgs/o/sites/(id of new site "Docs")/sections`. */
export const pathText = (path: ApiPath): string =>
  typeof path === "string"
    ? path
    : path.map((part) => (typeof part === "string" ? part : refText(part))).join("");

/** The path with the ids filled in; `id` gives each one, encoded for a path. */
export const filledPath = (path: ApiPath, id: (address: Address) => string): string =>
  typeof path === "string"
    ? path
    : path.map((part) => (typeof part === "string" ? part : encodeURIComponent(id(part.idOf)))).join("");

/** The text of a path up to its first reference: what a path says of where it is. */
export const literalPrefix = (path: ApiPath): { text: string; whole: boolean } =>
  typeof path === "string"
    ? { text: path, whole: true }
    : { text: typeof path[0] === "string" ? path[0] : "", whole: false };

/** Adds `address` to `into` unless it holds it already. */
export function addOnce(into: Address[], address: Address): void {
  if (!into.some((known) => sameAddress(known, address))) into.push(address);
}

/** The addresses a path and body refer to, each once, added to `into`. */
export function referencedBy(path: ApiPath, ids: readonly BodyRef[] | undefined, into: Address[]): Address[] {
  if (typeof path !== "string")
    for (const part of path) if (typeof part !== "string") addOnce(into, part.idOf);
  if (ids) for (const ref of ids) addOnce(into, ref.idOf);
  return into;
}

/** Whether a JSON value holds a reference anywhere, without allocating. */
export function holdsReference(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (value instanceof IdRef) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (holdsReference(value[index])) return true;
    return false;
  }
  for (const key in value) if (holdsReference((value as Record<string, unknown>)[key])) return true;
  return false;
}

const escapePointer = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");
const unescapePointer = (token: string) => token.replaceAll("~1", "/").replaceAll("~0", "~");

/**
 * A drafted body as the plan keeps it: each reference replaced by null, and its place listed.
 * The body is copied only where it holds one, and a place's pointer is made only for a
 * reference: most bodies hold none (a plan may have 100,000 calls).
 */
export function liftReferences(body: unknown): { body: unknown; ids?: BodyRef[] } {
  if (!holdsReference(body)) return { body };
  let ids: BodyRef[] | undefined;
  const keys: (string | number)[] = [];
  const lift = (value: unknown): unknown => {
    if (value instanceof IdRef) {
      ids ??= [];
      ids.push({ at: keys.map((key) => `/${escapePointer(String(key))}`).join(""), idOf: value.idOf });
      return null;
    }
    if (value === null || typeof value !== "object") return value;
    let copy: unknown[] | Record<string, unknown> | undefined;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item = value[index];
        if (item === null || typeof item !== "object") continue;
        keys.push(index);
        const lifted = lift(item);
        keys.pop();
        if (lifted !== item) {
          copy ??= value.slice();
          (copy as unknown[])[index] = lifted;
        }
      }
    } else {
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key];
        if (item === null || typeof item !== "object") continue;
        keys.push(key);
        const lifted = lift(item);
        keys.pop();
        if (lifted !== item) {
          copy ??= { ...(value as Record<string, unknown>) };
          (copy as Record<string, unknown>)[key] = lifted;
        }
      }
    }
    return copy ?? value;
  };
  const lifted = lift(body);
  return ids ? { body: lifted, ids } : { body };
}

/** The body with the ids of its references filled in (a copy where it changes). */
export function filledBody(
  body: unknown,
  ids: readonly BodyRef[] | undefined,
  id: (address: Address) => unknown,
): unknown {
  if (!ids || ids.length === 0) return body;
  const copy = structuredClone(body);
  for (const ref of ids) {
    const tokens = ref.at.split("/").slice(1).map(unescapePointer);
    if (tokens.length === 0) return id(ref.idOf);
    let holder = copy as Record<string, unknown>;
    for (const token of tokens.slice(0, -1)) holder = holder[token] as Record<string, unknown>;
    holder[tokens[tokens.length - 1]!] = id(ref.idOf);
  }
  return copy;
}
