// Applying a configuration: plan, check the plan against the policy (planRefusals: maxDestroy,
// protect), have it confirmed, make its calls, then plan once more as a check. Apply never makes
// a call the confirmed plan did not show: what the check still finds is returned, for the
// adapter to show and fail on.

import type { Made } from "../apply/report.ts";
import type { DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { Address } from "../model/address.ts";
import type { Plan } from "../model/plan.ts";
import { checkRefusals } from "../plan/safety.ts";
import { type CallsOptions, makeCalls } from "./calls.ts";
import { planLive } from "./plan.ts";
import type { Session } from "./session.ts";

export interface ApplyOptions extends CallsOptions {
  targets?: readonly Address[] | undefined;
  /** `--allow-destroy`: deletes beyond policy.maxDestroy are allowed. */
  allowDestroy: boolean;
  /** Resolves when the plan (told as a `planned` event) may be applied; throws to stop. */
  confirm?: (plan: Plan) => Promise<void>;
}

export type Applied =
  /** Nothing to do: the plan is empty. */
  | { status: "no-changes"; plan: Plan }
  /** Every call made; `left` is what the check still finds (empty when the live state matches). */
  | { status: "applied"; plan: Plan; made: Made; left: Plan };

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
  await options.confirm?.(plan);
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
  return { status: "applied", plan, made, left };
}
