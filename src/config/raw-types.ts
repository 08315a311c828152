// The shape of one configuration file once it has passed the JSON Schema
// (schemas/docsync.schema.json), as far as the loader reads it: each kind reads its own list.

export interface RawPolicy {
  prune?: string[];
  maxDestroy?: number;
}

export interface RawConfig {
  version: 1;
  organization?: string;
  /** Space name → its id, or its id with settings (read by the kind that manages them). */
  spaces?: Record<string, string | { id: string }>;
  policy?: RawPolicy;
  /** The kinds' lists, under their collections. */
  [collection: string]: unknown;
}
