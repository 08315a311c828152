// A session: what every operation of the engine runs with. Its kinds, an API client, a redactor
// of the token and the configuration's sensitive values, a clock, and where its events go. The
// adapters (CLI, GitHub Action, library) make one from their input; the engine reads no argv and
// no environment of its own.

import type { ApiClient } from "../api/client-types.ts";
import type { KindSet } from "../kinds/kind-set.ts";
import { builtInKinds } from "../kinds/registry.ts";
import type { Redactor } from "../secrets/redactor.ts";
import type { EngineListener } from "./events.ts";

/** The kinds a session manages: the built-in set, or one made from it with `with`. */
export type Kinds = KindSet;

export interface Session {
  readonly kinds: Kinds;
  readonly client: ApiClient;
  /** Kept out of every result, event and error message the engine makes. */
  readonly secrets: Redactor;
  /** Milliseconds. */
  readonly clock: () => number;
  /** Requests the client has sent so far, each attempt counted (for what apply reports). */
  readonly sent: () => number;
  readonly emit: EngineListener;
}

export interface SessionParts {
  client: ApiClient;
  secrets: Redactor;
  kinds?: Kinds;
  clock?: () => number;
  /** Without it, apply reports no requests sent. */
  sent?: () => number;
  onEvent?: EngineListener;
}

export function createSession(parts: SessionParts): Session {
  return {
    kinds: parts.kinds ?? builtInKinds,
    client: parts.client,
    secrets: parts.secrets,
    clock: parts.clock ?? Date.now,
    sent: parts.sent ?? (() => 0),
    emit: parts.onEvent ?? (() => {}),
  };
}
