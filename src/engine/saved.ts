// Saved plans: a plan written for a later apply, and a saved plan shown as plan shows plans,
// without reading the configuration or calling the API.

import type { DesiredState } from "../config/types.ts";
import type { Address } from "../model/address.ts";
import { PLAN_VERSION, type Plan } from "../model/plan.ts";
import { withRefusals } from "../plan/safety.ts";
import { shellWords } from "../render/shell-words.ts";
import { type SavedPlan, sealPlan, shownSealed, writeSavedPlan } from "../saved/saved.ts";
import type { Session } from "./session.ts";

export { readSavedPlan, type SavedPlan } from "../saved/saved.ts";

export interface SavePlanOptions {
  /** The file it is written to (mode 0600). */
  file: string;
  /** The API it was read from (normalized): it is applied there only. */
  apiUrl: string;
  /** The parsed `--target` addresses it was made with. */
  targets?: readonly Address[] | undefined;
  /** Made for an apply given `--allow-destroy`: its apply allows those deletes too. */
  allowDestroy: boolean;
}

/**
 * Seals `plan` (as made: its calls hold the sensitive values, which the file holds as digests)
 * and writes it, for `docsync apply FILE` to apply exactly it later.
 */
export async function savePlan(
  session: Session,
  desired: DesiredState,
  plan: Plan,
  options: SavePlanOptions,
): Promise<SavedPlan> {
  const { targets } = options;
  const saved = sealPlan(plan, desired, {
    apiUrl: options.apiUrl,
    secrets: session.secrets,
    ...(targets ? { targets } : {}),
    allowDestroy: options.allowDestroy,
  });
  await writeSavedPlan(options.file, saved);
  return saved;
}

/** The command line that applies a saved plan: apply plans again from the configuration, to check it. */
export const applyCommandLine = (file: string, paths: readonly string[]): string =>
  shellWords(["docsync", "apply", file, ...paths.flatMap((path) => ["-c", path])]);

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
