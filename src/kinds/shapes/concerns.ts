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

/** A field as the derivation reads it, worked out once per declaration: a kind's calls are made
 * for each of its items (a site may have 100,000 redirects). */
interface Read {
  field: ConcernField;
  /** Where the answer holds it. */
  path: readonly string[];
  /** The memo's name of its claims' prefix in a container. */
  claimName: string;
}
interface Compiled {
  unique: readonly Read[];
  refers: readonly Read[];
}

const compiled = new WeakMap<Concerns, Compiled>();

function compile(concerns: Concerns): Compiled {
  let known = compiled.get(concerns);
  if (!known) {
    const read = (field: ConcernField): Read => ({
      field,
      path: (field.answer ?? field.name).split("."),
      claimName: `${concerns.collection}.${field.name}`,
    });
    known = {
      unique: concerns.fields.filter((field) => field.unique).map(read),
      refers: concerns.fields.filter((field) => field.refers).map(read),
    };
    compiled.set(concerns, known);
  }
  return known;
}

/** The value at `path` of an item. */
function valueAt(item: unknown, path: readonly string[]): unknown {
  let value = item;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The field's value in an answer (or any item): at `answer`, a dotted path, else at `name`. */
export const answerOf = (field: { name: string; answer?: string }, live: unknown): unknown =>
  valueAt(live, (field.answer ?? field.name).split("."));

/** The claim key of a unique field's value, unique in the scope's container; its prefix made once
 * per container and field when a memo is given. */
function claimOf(read: Read, scope: Scope, value: unknown, memo: RunMemo | undefined): string {
  const prefix = memo
    ? memo.once(scope, read.claimName, () => uniqueClaim(scope, read.claimName, ""))
    : uniqueClaim(scope, read.claimName, "");
  return prefix + String(value);
}

/** The ids of the items that the referring fields of a live item name (those set in `only`, if given). */
function referred(reads: readonly Read[], live: object, only?: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const read of reads) {
    if (only && !(read.field.name in only)) continue;
    const value = valueAt(live, read.path);
    if (value !== undefined && value !== null) ids.push(String(value));
  }
  return ids;
}

/** A create's concerns: it claims the unique values it gives (`values`, by field name). */
export function creating(
  concerns: Concerns,
  scope: Scope,
  values: Record<string, unknown>,
  memo?: RunMemo,
): Pick<CallDraft, "claims"> {
  const claims: string[] = [];
  for (const read of compile(concerns).unique) {
    const given = values[read.field.name];
    if (given !== undefined) claims.push(claimOf(read, scope, given, memo));
  }
  return claims.length > 0 ? { claims } : {};
}

/**
 * The concerns of a call that sets fields of the item `id` to the values of `to` (by field name),
 * `was` what it held (a live item; what the service made a new one with): it claims the new
 * unique values and releases the old, can go by temporary ones, and stops naming what the
 * changed references named.
 */
export function changing(
  concerns: Concerns,
  scope: Scope,
  { id, to, was }: { id: Id; to: Record<string, unknown>; was: object },
  memo?: RunMemo,
): Claimed & Pick<CallDraft, "unrefs"> {
  const { unique, refers } = compile(concerns);
  const concerned: Claimed & Pick<CallDraft, "unrefs"> = {};
  const taken = unique.filter((read) => read.field.name in to);
  if (taken.length > 0) {
    const claims: string[] = [];
    const releases: string[] = [];
    // Two items that exchange values: one goes by a value of its own first.
    const segment = temporarySegment(id);
    const body: Record<string, unknown> = {};
    for (const read of taken) {
      claims.push(claimOf(read, scope, to[read.field.name], memo));
      const held = valueAt(was, read.path);
      if (held !== undefined) releases.push(claimOf(read, scope, held, memo));
      body[read.field.name] = read.field.temporary?.(segment) ?? segment;
    }
    Object.assign(concerned, { claims, releases });
    concerned.temporary = { body, summary: `move ${concerns.kind} to a temporary ${taken[0]!.field.name}` };
  }
  const unrefs = referred(refers, was, to);
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
  const { unique, refers } = compile(concerns);
  const concerned: Pick<CallDraft, "releases" | "unrefs"> = {};
  if (unique.length > 0)
    concerned.releases = unique.map((read) => claimOf(read, scope, valueAt(live, read.path), memo));
  const unrefs = referred(refers, live);
  if (unrefs.length > 0) concerned.unrefs = unrefs;
  return concerned;
}
