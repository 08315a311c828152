// Values the API keeps unique in a container (a section's path in its site, a redirect's source):
// the claim keys that order the calls taking and giving them up, the temporary values that let
// two items exchange them, and the path the API derives for a section it creates.

import { type Address, addressText, type Id } from "../model/address.ts";

/** The key under which calls claim and release `value` of `field` in the scope's container. */
export const uniqueClaim = (scope: { address: Address }, field: string, value: string): string =>
  `${addressText(scope.address)}#${field}=${value}`;

/**
 * A URL segment no configuration uses, unique to the item `id`: its live id, or for an item this
 * plan creates a digest of its address (its id is not known when the plan is made).
 */
export const temporarySegment = (id: Id): string =>
  typeof id === "string" ? `docsync-swap-${id}` : `docsync-swap-new-${fnv1a(addressText(id.idOf))}`;

/** Whether `value` is a temporary segment of an item a plan created (an apply stopped before it
 * moved the item on to its configured value). */
export const isTemporaryOfNew = (value: string): boolean => /^docsync-swap-new-[0-9a-f]{8}$/.test(value);

/** A short digest of a text (32-bit FNV-1a, in hex): enough to tell the items of one container apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) {
    hash ^= text.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** Lowercase letters and digits joined by `-`, accents dropped: `Développeurs & API` → `developpeurs-api`. */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The path the API gives a section created with `title`: its slug, at most 90 characters
 * (docs/emulator.md). Used only to order calls: a wrong guess costs an order constraint (and,
 * where it closes a cycle of claims, a move through a temporary path), never a failed call.
 */
export function derivedPath(title: string): string {
  return slug(title).slice(0, 90).replace(/-+$/, "");
}
