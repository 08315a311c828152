// The unique values a site space's calls take and give up in its container (a site's root or a
// section): its path, declared as data, and the turn of each add, which is not a value of the
// item but of the container's order of calls.

import type { Concerns } from "../shapes/concerns.ts";
import type { Scope } from "../types.ts";
import { uniqueClaim } from "../unique.ts";

/** What the planner orders a site space's calls by: its path is unique in its container. */
export const siteSpaceConcerns: Concerns = {
  kind: "site space",
  collection: "siteSpaces",
  fields: [{ name: "path", unique: true }],
};

// An added site space holds a path the API derives from its space's title (which the plan does
// not know) until its configure call: were it added before another call of its container claims
// a path, it could hold that very path. So the add of the item at index i claims turn i, which
// the container's path changes release: every rename, and each configure of a site space before
// it. Two adds of one container then follow each other; nothing else waits.

/** The claim key of the add of the site space at `index` of the scope's container. */
export const addTurn = (scope: Scope, index: number): string =>
  uniqueClaim(scope, "site-space-add", String(index));

/** The turns of the adds after `index` of the `count` configured site spaces (-1: all of them). */
export const turnsAfter = (scope: Scope, index: number, count: number): string[] =>
  Array.from({ length: Math.max(0, count - index - 1) }, (_, at) => addTurn(scope, index + 1 + at));
