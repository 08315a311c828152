// The planner's concerns of a kind's calls, derived from what its fields are, declared as data:
// which values the API keeps unique in the item's container, and which fields name another
// item. A call that takes a unique value claims it and one that gives it up releases it (the
// planner orders the first after the second); a call that changes a unique value can go by a
// temporary one, for two items that exchange theirs; a call that stops naming an item (a change
// of the field, a delete) says so (`unrefs`), and a delete of that item waits for it. The listed
// shape (listed-calls.ts) and the kinds with calls of their own (sections, redirects, site
// spaces, collections) derive them alike.

import type { Id } from "../../model/address.ts";
import type { RunMemo } from "../../model/scope.ts";
import type { CallDraft } from "../types.ts";
import { temporarySegment, uniqueClaim } from "../unique.ts";

/** What the planner needs to know of one field. */
export interface ConcernField {
  /** Its name in the configuration and in the bodies of calls. */
  name: string;
  /** Where the answer holds it, when not under `name`: a dotted path (`destination.siteSectionId`). */
  answer?: string;
  /** The API keeps it unique among the items of the container. */
  unique?: boolean;
  /** The temporary value an exchange moves the item to, made of a segment no configuration
   * uses (default: the segment; a redirect's source starts with `/`). */
  temporary?(segment: string): string;
  /** It names another item: the answer holds that item's id. */
  refers?: object;
}

/** A kind's concerns: its name for summaries, its list's name for claims, its fields. */
export interface Concerns {
  kind: string;
  collection: string;
  fields: readonly ConcernField[];
}

type Scope = Parameters<typeof uniqueClaim>[0];
type Claimed = Pick<CallDraft, "claims" | "releases" | "temporary">;

/** The claim key of a unique field's value, unique in the scope's container: its prefix is made
 * once per container and field (a site may have 100,000 redirects). */
export function claimOf(
  concerns: Concerns,
  scope: Scope,
  field: ConcernField,
  value: unknown,
  memo?: RunMemo,
) {
  const name = `${concerns.collection}.${field.name}`;
  const prefix = memo ? memo.once(scope, `claim ${name}`, () => uniqueClaim(scope, name, "")) : undefined;
  return (prefix ?? uniqueClaim(scope, name, "")) + String(value);
}

/** The field's value in an answer (or any item): at `answer`, a dotted path, else at `name`. */
export function answerOf(field: { name: string; answer?: string }, live: unknown): unknown {
  let value: unknown = live;
  for (const key of (field.answer ?? field.name).split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const uniqueOf = (concerns: Concerns) => concerns.fields.filter((field) => field.unique);

/** The ids of the items that `fields` of a live item name. */
export const referred = (fields: readonly ConcernField[], live: object): string[] =>
  fields.flatMap((field) => {
    const value = field.refers ? answerOf(field, live) : undefined;
    return value === undefined || value === null ? [] : [String(value)];
  });

/** A create's concerns: it claims the unique values it gives (`value`, undefined when not). */
export function creating(
  concerns: Concerns,
  scope: Scope,
  value: (field: ConcernField) => unknown,
  memo?: RunMemo,
): Pick<CallDraft, "claims"> {
  const taken = uniqueOf(concerns).filter((field) => value(field) !== undefined);
  return taken.length > 0
    ? { claims: taken.map((field) => claimOf(concerns, scope, field, value(field), memo)) }
    : {};
}

/**
 * The concerns of a call that sets the fields `changed` of the item `id` to `value`, `was` what
 * it held (a live item; what the service made a new one with): it claims the new unique values
 * and releases the old, can go by temporary ones, and stops naming what the changed references named.
 */
export function changing(
  concerns: Concerns,
  scope: Scope,
  changed: readonly string[],
  { id, value, was }: { id: Id; value: (field: ConcernField) => unknown; was: object },
  memo?: RunMemo,
): Claimed & Pick<CallDraft, "unrefs"> {
  const fields = concerns.fields.filter((field) => changed.includes(field.name));
  const taken = fields.filter((field) => field.unique);
  const concerned: Claimed & Pick<CallDraft, "unrefs"> = {};
  if (taken.length > 0) {
    concerned.claims = taken.map((field) => claimOf(concerns, scope, field, value(field), memo));
    concerned.releases = taken.flatMap((field) => {
      const held = answerOf(field, was);
      return held === undefined ? [] : [claimOf(concerns, scope, field, held, memo)];
    });
    // Two items that exchange values: one goes by a value of its own first.
    const segment = temporarySegment(id);
    const body = Object.fromEntries(
      taken.map((field) => [field.name, field.temporary?.(segment) ?? segment]),
    );
    concerned.temporary = { body, summary: `move ${concerns.kind} to a temporary ${taken[0]!.name}` };
  }
  const unrefs = referred(fields, was);
  if (unrefs.length > 0) concerned.unrefs = unrefs;
  return concerned;
}

/** A delete's concerns: it releases the item's unique values and stops naming what it named. */
export function removing(
  concerns: Concerns,
  scope: Scope,
  live: object,
  memo?: RunMemo,
): Pick<CallDraft, "releases" | "unrefs"> {
  const concerned: Pick<CallDraft, "releases" | "unrefs"> = {};
  const unique = uniqueOf(concerns);
  if (unique.length > 0)
    concerned.releases = unique.map((field) => claimOf(concerns, scope, field, answerOf(field, live), memo));
  const unrefs = referred(concerns.fields, live);
  if (unrefs.length > 0) concerned.unrefs = unrefs;
  return concerned;
}
