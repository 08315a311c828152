// The desired state: what the configuration files say, resolved and validated. Produced by
// `loadConfig` (src/config/load.ts), consumed by the planner. Pure data; each kind defines its
// own configured items (src/kinds/), and the registry puts their lists together.

export type { DesiredState } from "../kinds/registry.ts";
export { DEFAULT_PRUNE, PRUNABLE_KINDS } from "../kinds/registry.ts";
export type {
  DesiredPolicy,
  ItemMeta,
  PrunableKind,
  Role,
  SourceLocation,
} from "../model/desired.ts";
export { ROLES } from "../model/desired.ts";
