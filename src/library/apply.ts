// apply(): the engine's apply of a configuration, as `docsync apply --yes` runs it: plan, check
// the plan against the policy, make its calls, plan again to check that the live organization
// now matches. Progress is told as events; a failure is thrown as a DocsyncError.

import { DEFAULT_PARALLELISM } from "../api/parallelism.ts";
import { applyConfiguration, madeText, readyChoiceOf } from "../engine/index.ts";
import { DocsyncError } from "../errors.ts";
import { redactPlan } from "../render/redact.ts";
import { targetsOf } from "./plan.ts";
import { withSession } from "./session.ts";
import type { ApplyOptions, ApplyResult } from "./types.ts";

export async function apply(options: ApplyOptions): Promise<ApplyResult> {
  return withSession(options, async ({ engine, configuration }) => {
    // The order of ready calls that DOCSYNC_APPLY_ORDER_SEED asks for, as the CLI takes it.
    const choose = readyChoiceOf(("env" in options ? options.env : undefined) ?? process.env);
    const applied = await applyConfiguration(engine, configuration.desired, {
      ...targetsOf(options),
      allowDestroy: options.allowDestroy === true,
      parallelism: options.parallelism ?? DEFAULT_PARALLELISM,
      choose,
      signal: options.signal,
      // The caller's call is the confirmation, as --yes is on the command line.
      confirmation: { given: true },
    });
    const safe = redactPlan(applied.plan, engine.secrets);
    if (applied.status === "no-changes") return { plan: safe, made: { changes: 0, calls: 0 } };
    const { made } = applied;
    if (applied.status === "not-converged")
      throw new DocsyncError(
        "apply.not-converged",
        `The plan was made (${madeText(made)}), but the live state still differs from the configuration: ${applied.left.changes.length} change(s) left. Plan again to review them.`,
      );
    return { plan: safe, made };
  });
}
