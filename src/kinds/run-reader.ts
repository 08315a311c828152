// What kinds read the live state with: the reader of one run (src/live/shared-reads.ts), which
// asks the API once for each path and keeps the run's memo, so that facts worked out from what
// it read (the token's user, the members) are worked out once per run and never shared.

import type { LiveReader } from "../api/client-types.ts";
import type { RunMemo } from "../model/scope.ts";

export type RunReader = LiveReader & RunMemo;
