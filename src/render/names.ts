// How items and counts read in every format: an item as its kind and its name, quoted as in
// addresses (so that a name with spaces, quotes or ` › ` reads as one) except a URL path (a
// redirect's source), which reads as it is; counts per kind; the summary line. Texts are plain:
// each format escapes them.

import type { KindSet } from "../kinds/kind-set.ts";
import { builtInKinds } from "../kinds/registry.ts";
import type { Change, ChangeAction, Plan } from "../model/plan.ts";

/**
 * What reports need of the kinds of the run that made the plan: their plurals, and which hold
 * items of other kinds (a site), whose changes are grouped by them. A kind added to the run's
 * set is named and grouped as a built-in one is; callers that pass none get the built-in kinds.
 */
export type ReportedKinds = Pick<KindSet, "plurals" | "containers">;

/** A URL path: it reads as one word without quotes. */
const PLAIN = /^\/[\p{L}\p{N}_./@+#~%-]*$/u;

/** A name as it stands in a line: as it is when a URL path, else quoted. */
export const nameText = (name: string): string => (PLAIN.test(name) ? name : JSON.stringify(name));

/** `redirect /old/page-1`, `site "Acme Docs"`. */
export const itemText = (kind: string, name: string): string => `${kind} ${nameText(name)}`;

/** Control characters (line breaks, escapes, bidirectional overrides) written as escapes. */
export function printable(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** How a change names its item: by its kind and name, or by its address (plans of older versions). */
export const changeItem = (change: Change): string =>
  change.name === undefined ? printable(change.address) : itemText(change.kind, change.name);

/**
 * `1 redirect`, `300 redirects`, `2 SAML providers`. A plan names kinds by name alone: the run's
 * kinds say their plurals, any other (a saved plan's kind the run does not know) takes an s.
 */
export function kindCount(kind: string, count: number, kinds: ReportedKinds = builtInKinds): string {
  const word = count === 1 ? kind : (kinds.plurals.get(kind) ?? `${kind}s`);
  return `${count.toLocaleString("en-US")} ${word}`;
}

/** The changes' counts per kind, most first: `300 redirects, 2 sections`. */
export function countsByKind(changes: readonly Change[], kinds: ReportedKinds = builtInKinds): string {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => kindCount(kind, count, kinds))
    .join(", ");
}

/** What each action is called in a plan's lists and counts. */
export const PLAN_WORDS: Record<ChangeAction, string> = {
  create: "to create",
  update: "to update",
  replace: "to replace",
  delete: "to delete",
  move: "to move",
};

/** Which changes count as creates, updates, moves and deletes: a replacement counts as both. */
const COUNTED: Record<"create" | "update" | "move" | "delete", readonly ChangeAction[]> = {
  create: ["create", "replace"],
  update: ["update"],
  move: ["move"],
  delete: ["delete", "replace"],
};

/**
 * "Plan: 300 to create (300 redirects), 1 to update (1 site), 0 to move, 0 to delete." A blocked
 * change is not counted: it is not made.
 */
export function summaryLine(plan: Plan, kinds: ReportedKinds = builtInKinds): string {
  if (plan.changes.length === 0) return "No changes: live state matches the configuration.";
  const counted = plan.changes.filter((change) => change.blocked === undefined);
  const parts = (Object.keys(COUNTED) as (keyof typeof COUNTED)[]).map((what) => {
    const changes = counted.filter((change) => COUNTED[what].includes(change.action));
    const counts = changes.length > 0 ? ` (${countsByKind(changes, kinds)})` : "";
    return `${changes.length.toLocaleString("en-US")} to ${what}${counts}`;
  });
  return `Plan: ${parts.join(", ")}.`;
}
