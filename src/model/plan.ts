// The plan: a JSON-serializable value. `changes` say what happens to which item (for people);
// `calls` are the API requests that make it happen, with their dependencies (for the apply
// engine). Ids of items that do not exist yet appear in calls as references to their address
// (references.ts), filled in at apply time from the answers of the calls that create them.

import type { Address } from "./address.ts";
import type { ApiPath, BodyRef } from "./references.ts";

export type ChangeAction = "create" | "update" | "replace" | "delete" | "move";

export interface FieldChange {
  field: string;
  /** Absent when the field is being set for the first time. */
  from?: unknown;
  /** Absent when the field is being removed. */
  to?: unknown;
  /** Values are never printed, only that they change. */
  sensitive?: boolean;
  /** `from` as people read it, when its JSON says less (a destination as `section "docs"`). */
  fromText?: string;
  /** `to` as people read it, when its JSON says less. */
  toText?: string;
  /** The item's main value (a redirect's destination): shown without the field's name. */
  main?: true;
  /**
   * The brand (under `branding:`) the configured value comes from, for a leaf of a site's
   * customization that the site does not set itself: the plan shows the changes of one brand
   * edit once, under the brand, with the sites it changes.
   */
  brand?: string;
}

export interface Change {
  id: string;
  action: ChangeAction;
  kind: string;
  address: string;
  /** The live id, when the item exists. */
  liveId?: string;
  fields: FieldChange[];
  /** One line more for people: "renamed from …", "placed after section …", "replaces because type changed". */
  note?: string;
  /** Hard to undo: deleting or replacing sites, SAML providers or teams, or an update the kind calls risky. */
  highRisk?: boolean;
  /** The calls that make this change, in order. */
  calls: string[];
  /** Why this change cannot be made (a protected item that needs a replacement): plan and apply stop. */
  blocked?: string;
  /** The item's own name in its address (a redirect's source, a section's path), unquoted. */
  name?: string;
  /** The addresses of the items it is in, outermost first (its site, then its section). */
  parents?: string[];
  /** What the service removes or changes along with this change, with no call of its own. */
  consequences?: Consequence[];
  /**
   * For an item moved to another container (a site space to another section): the address it
   * leaves, where the navigation draws it removed.
   */
  movedFrom?: string;
}

/**
 * An effect of a change on another item that the service brings about by itself: a team's grants
 * go with the team, a section's site spaces with the section, a deleted group's sections stay
 * where they are, ungrouped. The plan shows it so that the reviewer sees it; apply makes no call
 * for it, and it is no change of its own (it is not counted, nor under `policy.maxDestroy`).
 */
export interface Consequence {
  /** `delete`: the service removes the item; `update`: it changes it, as `note` says. */
  action: "delete" | "update";
  kind: string;
  address: string;
  /** The item's live id. */
  liveId?: string;
  /** For people: `role "admin"`, `leaves the group "Developers"`. */
  note?: string;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Where a created item's id is found in a call's answer. */
export interface Capture {
  address: Address;
  /** JSON pointer into the answer, e.g. `/id`. */
  pointer?: string;
  /** Or: the item of an array in the answer whose fields match, e.g. the site space of a new section. */
  find?: { array: string; match: Record<string, unknown> };
}

/** How to tell, after an ambiguous failure of a create, whether it happened after all. */
export interface Recover {
  list: ApiPath;
  match: Record<string, unknown>;
  /** The places in `match` that hold ids of items this plan creates: null until apply. */
  ids?: BodyRef[];
  exclude?: string[];
  /**
   * For an item whose key the API keeps unique: when the create is refused with 409 (another
   * run made the item meanwhile), what the item found by `match` must also hold to be taken as
   * the create's result, its id captured for the calls that need it.
   */
  adopt?: Record<string, unknown>;
}

/**
 * Another form of a call that makes the same change, for a service without the call's route
 * (it answers 404 or 405 as for a route it does not have): e.g. a group's membership set on the
 * section instead of through the group. The plan shows the call; apply sends this form instead
 * once the route is known to be absent.
 */
export interface Alternate {
  /** The primary call's route, `METHOD /path/:param`: the API client remembers it absent for the run. */
  route: string;
  method: HttpMethod;
  path: ApiPath;
  body?: unknown;
  /** The places in `body` that hold ids of items this plan creates. */
  ids?: BodyRef[];
}

/**
 * What a call's answer must show (the `object` of the item it makes, in the form the plan
 * assumed), and what a failure of it means, added to the failure's message.
 */
export interface Probe {
  /** JSON pointer into the answer, e.g. `/object`. */
  pointer: string;
  value: string;
  otherwise: string;
}

/**
 * An answer the service gives with a success status that refuses the call all the same (a
 * publish answered with a checkout session, when the organization's plan must be upgraded first):
 * when the answer holds `value` at `pointer`, the call fails with `code` and `message`.
 */
export interface AnswerRefusal {
  /** JSON pointer into the answer, e.g. `/type`. */
  pointer: string;
  value: string;
  /** The error code of the failure (docs/json-formats.md). */
  code: string;
  /** What it means and the way forward, for people. */
  message: string;
}

export interface Call {
  id: string;
  /** The change this call belongs to. */
  change: string;
  method: HttpMethod;
  /** Text, or parts where it names items this plan creates. */
  path: ApiPath;
  body?: unknown;
  /** The places in `body` (JSON pointers) that hold ids of items this plan creates: null until apply. */
  ids?: BodyRef[];
  /** Ids of calls that must succeed first. */
  dependsOn: string[];
  /** Items created by this plan that the call refers to (by id, or by a name): it depends on their creates. */
  needs?: Address[];
  /** Those of `dependsOn` that only keep an order (creates in configuration order); `--target` does not follow them. */
  orderOnly?: string[];
  /** The ids of the items the call creates, by address, and where its answer gives them. */
  captures?: Capture[];
  /**
   * Sending the call twice could make two items: after an ambiguous failure it is never sent
   * again before `recover` finds out whether it was made. Saved plans without the field: a call
   * with `recover`.
   */
  create?: true;
  recover?: Recover;
  alternate?: Alternate;
  /** For people: "create section", "set default section". */
  summary: string;
  /**
   * A call of the service's bulk operation that makes the calls `items` (in that order, one item
   * of its body each): each item's result is that call's outcome. A service without the
   * operation gets the items' own calls instead.
   */
  batch?: Batch;
  /** The batch call that makes this call, when there is one; this call is sent only without it. */
  inBatch?: string;
  /** Every other call waits for this one, whose answer must show what `probe` says. */
  probe?: Probe;
  /** An answer of success that is a refusal all the same. */
  refusal?: AnswerRefusal;
}

export interface Batch {
  /** The bulk operation's route, `METHOD /path/:param`: the API client remembers it absent for the run. */
  route: string;
  /** Ids of the calls it makes, in the order of the body's items and of the answer's results. */
  items: string[];
}

/**
 * A rule apply enforces that the plan breaks (plan/safety.ts): apply refuses the plan with
 * `code`, so plan and show print it at the top, and plan exits 3.
 */
export interface Refusal {
  /** The error code apply refuses with. */
  code: "plan.protected" | "plan.max-destroy";
  /** The rule as the configuration names it. */
  rule: "protect" | "policy.maxDestroy";
  /** What breaks the rule, with the numbers: one sentence. */
  message: string;
  /** The items that break it with why, one a line (protect). */
  details?: string[];
  /** The way forward. */
  fix: string;
  /** The changes that break it. */
  addresses: string[];
  /** policy.maxDestroy: the items the plan deletes or replaces, and the limit. */
  count?: number;
  limit?: number;
}

export interface PlanSummary {
  create: number;
  update: number;
  replace: number;
  move: number;
  delete: number;
}

/** The version of the plan as `plan --format json` prints it. */
export const PLAN_VERSION = 2;

export interface Plan {
  format: "docsync-plan";
  version: typeof PLAN_VERSION;
  organization: string;
  changes: Change[];
  calls: Call[];
  /** Things people should know that are not changes: protected items kept, unmanaged fields. */
  warnings: string[];
  summary: PlanSummary;
  /** The navigation of each item whose navigation the plan changes (a site), after the plan. */
  navigation?: Navigation[];
  /** What apply would refuse, as plan and show print it: empty when apply would make the plan. */
  refusals?: Refusal[];
}

/** What happens to an item of a navigation: absent when nothing does. */
export type NavigationMark = "new" | "removed" | "moved" | "renamed" | "changed";

/** An item of a navigation (a section, a group, a site space), as it stands after the plan. */
export interface NavigationItem {
  kind: string;
  /** Its name in its address (a section's path, a group's title). */
  name: string;
  address: string;
  /** What it shows beside its name, after the plan (a section's title, a site space's path). */
  fields?: Record<string, unknown>;
  /** Whether it is the default of its container after the plan. */
  default?: true;
  /** It leads out of the site (an external link). */
  external?: true;
  /** What the plan does to it; a removed item stands where it was. */
  marks?: NavigationMark[];
  /** What it was, where that changed: its name, its fields, its block (group), its default. */
  before?: {
    name?: string;
    fields?: Record<string, unknown>;
    /** The block it stood in (a section's group), or null for none, when that changes. */
    block?: { kind: string; name: string } | null;
    default?: boolean;
  };
  /** The items below it, in order: a group's sections, a section's site spaces. */
  items?: NavigationItem[];
}

export interface Navigation {
  /** The item whose navigation this is (a site). */
  kind: string;
  name: string;
  address: string;
  /** Whether the plan creates it. */
  new?: true;
  items: NavigationItem[];
}
