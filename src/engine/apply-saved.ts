// Applying a saved plan: it is the approval of exactly its calls. It is applied when it is intact,
// for this API and organization, made from this configuration, and when the plan made now from
// that configuration makes the same calls; otherwise nothing is changed, and the result says how
// the plan made now differs from the approved one, by address.

import type { Made } from "../apply/report.ts";
import type { DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { Plan } from "../model/plan.ts";
import { liveLookup, type PlanDifference, planDifference } from "../plan/compare.ts";
import { checkRefusals } from "../plan/safety.ts";
import { differenceHeadline, renderDifferenceText } from "../render/plan-difference.ts";
import { redactPlan } from "../render/redact.ts";
import { configurationDifferences, configurationDigest } from "../saved/configuration-digest.ts";
import { type SavedPlan, sealPlan, unsealPlan } from "../saved/saved.ts";
import { checkDestination, checkTokenSees } from "../saved/saved-target.ts";
import { type CallsOptions, makeCalls } from "./calls.ts";
import { planLive } from "./plan.ts";
import { applyCommandLine, savePlan } from "./saved.ts";
import type { Session } from "./session.ts";

/** A saved plan, read from `file`, with where it is applied. */
export interface SavedPlanInput {
  saved: SavedPlan;
  file: string;
  /** The configuration it is applied with, and the paths it was loaded from (for messages). */
  desired: DesiredState;
  paths: readonly string[];
  /** The API it is applied to (normalized). */
  apiUrl: string;
}

/**
 * The approved plan, once the file is found for this API, organization and configuration;
 * before anything is read, so a refusal costs no request.
 */
export function approvedPlan(input: SavedPlanInput): Plan {
  const { saved, file, desired, paths } = input;
  checkDestination(saved, file, {
    apiUrl: input.apiUrl,
    organization: { id: desired.organization, from: "the configuration's organization" },
  });
  const differences = configurationDifferences(saved.configuration, configurationDigest(desired));
  if (differences.length > 0)
    throw new DocsyncError(
      "plan.other-configuration",
      `${file} was made from another configuration than ${paths.join(", ")}; nothing was changed. What differs, by address:\n${differences.map((line) => `  ${line}`).join("\n")}\nApply it with the configuration it was made from, or make a plan of this one with docsync plan --out.`,
    );
  return unsealPlan(saved, desired.sensitiveValues);
}

export type SavedApplied =
  /** The live organization is where the plan leads already (applied before): nothing was sent. */
  | { status: "already-applied"; approved: Plan }
  /**
   * The plan made now makes other calls: nothing was changed. `difference` (approved → now) and
   * `shown` are redacted; `current` is the plan for now as made, saved to `out` when asked, for
   * approval. Fail with `error` once it is shown.
   */
  | { status: "stale"; difference: PlanDifference; current: Plan; shown: Plan; error: DocsyncError }
  /** The approved plan's calls were made (none when it is empty). */
  | { status: "applied"; approved: Plan; made: Made };

export interface SavedApplyOptions extends CallsOptions {
  /** `--allow-destroy` of this apply (the one given to the plan --out that saved it counts too). */
  allowDestroy: boolean;
  /** Where to save the plan for now when the saved one is refused as out of date. */
  out?: string | undefined;
  /** How the person reading the refusal applies the plan for now, once approved, in the words of
   * the front end they use ("docsync apply FILE -c …" by default). */
  howToApply?: ((file: string) => string) | undefined;
}

const NOTHING_MADE: Made = { changes: 0, calls: 0 };

export async function applySavedPlan(
  session: Session,
  input: SavedPlanInput & { approved: Plan },
  options: SavedApplyOptions,
): Promise<SavedApplied> {
  const { saved, file, desired, apiUrl, approved } = input;
  const { secrets } = session;
  await checkTokenSees(session.client, saved, file);
  // The same configuration planned against the live organization now: the approved plan is
  // applied only when this one makes the same calls.
  const { plan: current, live } = await planLive(session, desired, { targets: saved.targets ?? [] });
  // Nothing left to do: the live organization is where the plan leads (it was applied before,
  // by this run's first attempt or by hand), so a job run again succeeds.
  if (current.changes.length === 0 && approved.changes.length > 0) {
    session.emit({ type: "already-applied", approved });
    return { status: "already-applied", approved };
  }
  // Compared as the file holds it: addresses and all but call bodies with their secrets
  // redacted, so that an item whose title holds one is the same item in both.
  const asSaved = unsealPlan(sealPlan(current, desired, { apiUrl, secrets }), desired.sensitiveValues);
  const difference = planDifference(approved, asSaved, liveLookup(live));
  if (difference.length > 0) {
    const redacted = secrets.redactValue(difference);
    const shown = redactPlan(current, secrets);
    const error = await refuseStale(session, { ...input, difference: redacted, current }, options);
    return { status: "stale", difference: redacted, current, shown, error };
  }
  session.emit({ type: "planned", plan: approved });
  if (approved.changes.length === 0) return { status: "applied", approved, made: NOTHING_MADE };
  const allowDestroy = saved.allowDestroy === true || options.allowDestroy;
  checkRefusals(approved, { maxDestroy: saved.maxDestroy, allowDestroy });
  // The saved plan is the approval: no confirmation is asked.
  const made = await makeCalls(session, approved, desired.sensitiveValues, options);
  return { status: "applied", approved, made };
}

/**
 * The error that refuses an approved plan the live organization no longer fits, approved → now;
 * with `out`, once the plan for now is saved there, to be approved in its turn.
 */
async function refuseStale(
  session: Session,
  stale: SavedPlanInput & { difference: PlanDifference; current: Plan },
  { out, howToApply = (file) => applyCommandLine(file, stale.paths) }: SavedApplyOptions,
): Promise<DocsyncError> {
  const { saved, file, difference } = stale;
  let next = "make a new plan with docsync plan --out, review it, and apply that one.";
  if (out !== undefined) {
    try {
      await savePlan(session, stale.desired, stale.current, {
        file: out,
        apiUrl: stale.apiUrl,
        targets: saved.targets,
        // Made for the same apply as the approved plan: with the same --allow-destroy.
        allowDestroy: saved.allowDestroy === true,
      });
    } catch (error) {
      // A file that cannot be written is what fails, once the plan for now is shown.
      if (error instanceof DocsyncError) return error;
      throw error;
    }
    next = `the plan for now is saved in ${out}: review it, and apply it with ${howToApply(out)}.`;
  }
  return new DocsyncError(
    "plan.stale",
    `The plan approved in ${file} (${saved.savedAt}) is not the plan for the live organization now, which changed since; nothing was changed. Approved → now (${differenceHeadline(difference)}):\n${renderDifferenceText(difference).trimEnd()}\nTo go on, ${next}`,
  );
}
