// Applying a configuration: plan, check the plan against the policy (planRefusals: maxDestroy,
// protect), have it confirmed, make its calls, then plan once more as a check. Apply never makes
// a call the confirmed plan did not show: what the check still finds is returned, with the error
// the adapter fails on once it has shown it.

import type { Made } from "../apply/report.ts";
import type { DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { Address } from "../model/address.ts";
import type { Plan } from "../model/plan.ts";
import { checkRefusals } from "../plan/safety.ts";
import { type CallsOptions, makeCalls } from "./calls.ts";
import { planLive } from "./plan.ts";
import type { Session } from "./session.ts";

/**
 * How the plan (told as a `planned` event) is confirmed: already (`--yes`, or a caller that
 * applies without asking), by a person's answer to a question, or by nobody (no terminal to ask
 * at), which refuses it.
 */
export type Confirmation =
  | { given: true }
  | { given: false }
  | { ask: (question: string) => Promise<string> };

export interface ApplyOptions extends CallsOptions {
  targets?: readonly Address[] | undefined;
  /** `--allow-destroy`: deletes beyond policy.maxDestroy are allowed. */
  allowDestroy: boolean;
  /** Asked only when there is something to apply: an empty plan needs no confirmation. */
  confirmation: Confirmation;
}

export type Applied =
  /** Nothing to do: the plan is empty. */
  | { status: "no-changes"; plan: Plan }
  /** Every call made, and the check finds the live state matching. */
  | { status: "applied"; plan: Plan; made: Made }
  /** Every call made, but the check still finds `left` to do: fail with `error` once it is shown. */
  | { status: "not-converged"; plan: Plan; made: Made; left: Plan; error: DocsyncError };

async function confirm(confirmation: Confirmation): Promise<void> {
  if ("ask" in confirmation) {
    const answer = await confirmation.ask("Apply these changes? Only 'yes' is accepted: ");
    if (answer.trim() !== "yes")
      throw new DocsyncError("apply.cancelled", "Apply cancelled; nothing was changed.");
  } else if (!confirmation.given)
    throw new DocsyncError(
      "apply.no-confirmation",
      "Not at a terminal: pass --yes to apply without a confirmation (or apply a plan saved with plan --out, which is its own approval); nothing was changed.",
    );
}

export async function applyConfiguration(
  session: Session,
  desired: DesiredState,
  options: ApplyOptions,
): Promise<Applied> {
  const { targets } = options;
  const { plan } = await planLive(session, desired, targets ? { targets } : {});
  session.emit({ type: "planned", plan });
  if (plan.changes.length === 0) return { status: "no-changes", plan };
  checkRefusals(plan, { maxDestroy: desired.policy.maxDestroy, allowDestroy: options.allowDestroy });
  await confirm(options.confirmation);
  const made = await makeCalls(session, plan, desired.sensitiveValues, options);
  // A targeted item the apply deleted is gone: the check keeps nothing for it.
  const { plan: left } = await planLive(session, desired, {
    ...(targets ? { targets } : {}),
    targetsMayBeGone: true,
  }).catch((error: unknown) => {
    // The calls were all made: say so, whatever stopped the check.
    if (!(error instanceof DocsyncError)) throw error;
    const calls = `${made.calls} call${made.calls === 1 ? "" : "s"}`;
    const all =
      made.changes === 1
        ? `The 1 change was made in ${calls}`
        : `All ${made.changes} changes were made in ${calls}`;
    throw new DocsyncError("apply.check-failed", `${all}; the check that followed failed: ${error.message}`, {
      exitCode: error.exitCode,
      cause: error,
    });
  });
  if (left.changes.length === 0) return { status: "applied", plan, made };
  const error = new DocsyncError(
    "apply.not-converged",
    "The live state still differs from the configuration after the apply: it changed during the apply, or it did not converge. Nothing beyond the confirmed plan was done. Run `docsync plan` to review what is left.",
  );
  return { status: "not-converged", plan, made, left, error };
}
