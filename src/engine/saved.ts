// A saved plan shown as plan shows plans, without reading the configuration or calling the API.

import { PLAN_VERSION, type Plan } from "../model/plan.ts";
import { withRefusals } from "../plan/safety.ts";
import { type SavedPlan, shownSealed } from "../saved/saved.ts";

/**
 * The saved plan in the plan format: without what only apply needs (the digest of the
 * configuration it was made from), with `(sensitive)` where the file holds a sensitive value's
 * digest, and with what its apply would refuse, judged as apply judges it.
 */
export function planOfSaved(saved: SavedPlan): Plan {
  const {
    configuration: _configuration,
    targets: _targets,
    savedAt: _savedAt,
    maxDestroy,
    allowDestroy,
    apiUrl: _apiUrl,
    checksum: _checksum,
    version: _version,
    format: _format,
    ...plan
  } = saved;
  const shown: Plan = { format: "docsync-plan", version: PLAN_VERSION, ...shownSealed(plan) };
  return withRefusals(shown, { maxDestroy, allowDestroy: allowDestroy === true });
}
