// Values the API keeps unique in a container (a section's path in its site, a redirect's source):
// the claim keys that order the calls taking and giving them up, the temporary values that let
// two items exchange them, and the path the API derives for a section it creates.

import type { Scope } from "./types.ts";

/** The key under which calls claim and release `value` of `field` in the scope's container. */
export const uniqueClaim = (scope: Scope, field: string, value: string): string =>
  `${scope.address}#${field}=${value}`;

/** A URL segment no configuration uses, unique to the item `id` (a live id or a placeholder). */
export const temporarySegment = (id: string): string => `docsync-swap-${id}`;

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
