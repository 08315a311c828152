// The vocabulary of configured items that the configuration loader, the kinds and the planner
// share: where an item was written, the fields every item may carry, and the organization's
// own part of the desired state. Each kind defines the rest of its configured item.

/** Where a value was written, for error messages and plan addresses. Lines and columns are 1-based. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** `file:line:column`, as messages name a place in a file. */
export const placeOf = (at: SourceLocation): string => `${at.file}:${at.line}:${at.column}`;

/** A path into a configuration file's value: mapping keys and list indexes. */
export type KeyPath = (string | number)[];

/** A value of a configuration file and where it was written. `F` is the loader's file. */
export interface Located<T, F = unknown> {
  value: T;
  file: F;
  path: KeyPath;
}

/** The roles of the API, from the most to the least access. */
export const ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;
export type Role = (typeof ROLES)[number];

/** Fields every configured item may carry. */
export interface ItemMeta {
  /** Position of the item in its file. */
  at: SourceLocation;
  /** Never delete or replace this item. */
  protect?: boolean;
  /** Rename hint: the natural key the live item has today. */
  was?: string;
  /** Pin to a live id; wins over `was` and the natural key. */
  id?: string;
}

/** What a configuration may delete: the collection names of kinds, as `policy.prune` lists them. */
export type PrunableKind = string;

export interface DesiredPolicy {
  prune: PrunableKind[];
  /** Apply refuses a plan deleting more than this many items unless --allow-destroy. */
  maxDestroy?: number;
}

/** The organization's own part of the desired state; each kind adds its list under its collection. */
export interface DesiredOrganization {
  /** Files the state was read from, in order. */
  files: string[];
  organization: string;
  /** Space names → space ids. */
  spaces: Record<string, string>;
  /** Where each space name is written, when loaded from files. */
  spacesAt?: Record<string, SourceLocation>;
  policy: DesiredPolicy;
  /** Values that must never be printed (secrets, certificates), gathered while loading. */
  sensitiveValues: string[];
}
