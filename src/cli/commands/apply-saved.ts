// `docsync apply FILE`: a saved plan is the approval of exactly its calls. It is applied when
// it is intact, for this API and organization, made from this configuration, and when the plan
// made now from that configuration makes the same calls; otherwise nothing is changed, and the
// refusal shows how the plan made now differs from the approved one, by address.

import { normalizeApiUrl } from "../../api/url.ts";
import type { DesiredState } from "../../config/types.ts";
import { applySavedPlan as applyApproved, approvedPlan } from "../../engine/apply-saved.ts";
import type { PlanDifference } from "../../engine/words.ts";
import { madeText } from "../../engine/words.ts";
import { DocsyncError } from "../../errors.ts";
import type { Plan } from "../../model/plan.ts";
import { differenceHeadline, renderDifferenceText } from "../../render/plan-difference.ts";
import { redactPlan } from "../../render/redact.ts";
import { renderPlanText } from "../../render/text.ts";
import { readSavedPlan, type SavedPlan, sealPlan, writeSavedPlan } from "../../saved/saved.ts";
import { callsOptions } from "../apply-calls.ts";
import { configPaths, loadDesired } from "../configuration.ts";
import { apiBaseUrl, type ConnectionOptions, connect, RequestCounter } from "../connection.ts";
import type { CommandContext } from "../context.ts";
import { commandSession } from "../engine-session.ts";
import { shellWords } from "../shell-words.ts";

export interface SavedApplyOptions extends ConnectionOptions {
  config: string[];
  parallelism: number;
  allowDestroy?: boolean;
  /** Where to save the plan made now when the saved one is refused as out of date. */
  out?: string;
}

/** The configuration the plan is applied with: -c, else the one found here as plan finds it. */
async function configurationFor(file: string, options: SavedApplyOptions, context: CommandContext) {
  let paths: string[];
  try {
    paths = configPaths(options.config);
  } catch (error) {
    if (!(error instanceof DocsyncError) || error.code !== "config.not-found") throw error;
    throw new DocsyncError(
      "plan.no-configuration",
      `${file} is applied with the configuration it was made from, and there is none here: pass it with -c.`,
    );
  }
  return { paths, desired: await loadDesired(paths, context) };
}

/**
 * The plan made now differs from the approved one: shows the plan made now, saves it when asked
 * (to be approved in its turn), and refuses with the difference, approved → now.
 */
async function refuseOutdated(
  refusal: { difference: PlanDifference; current: Plan; shown: Plan },
  saved: SavedPlan,
  file: string,
  setup: { desired: DesiredState; paths: string[]; apiUrl: string },
  context: CommandContext,
  options: SavedApplyOptions,
): Promise<never> {
  const { output, secrets } = context;
  const { difference, current, shown } = refusal;
  context.observer?.refused?.({ difference, current: shown });
  output.out(
    `The plan for the live organization now:\n\n${renderPlanText(shown, output.style, context.kinds)}`,
  );
  let next = "make a new plan with docsync plan --out, review it, and apply that one.";
  if (options.out) {
    const sealed = sealPlan(current, setup.desired, {
      apiUrl: setup.apiUrl,
      secrets,
      ...(saved.targets ? { targets: saved.targets } : {}),
      // Made for the same apply as the approved plan: with the same --allow-destroy.
      allowDestroy: saved.allowDestroy === true,
    });
    await writeSavedPlan(options.out, sealed);
    const apply = ["docsync", "apply", options.out, ...setup.paths.flatMap((path) => ["-c", path])];
    next = `the plan for now is saved in ${options.out}: review it, and apply it with ${shellWords(apply)}.`;
  }
  throw new DocsyncError(
    "plan.stale",
    `The plan approved in ${file} (${saved.savedAt}) is not the plan for the live organization now, which changed since; nothing was changed. Approved → now (${differenceHeadline(difference)}):\n${renderDifferenceText(difference).trimEnd()}\nTo go on, ${next}`,
  );
}

export async function applySavedPlan(
  file: string,
  context: CommandContext,
  options: SavedApplyOptions,
): Promise<void> {
  const { output } = context;
  const saved = await readSavedPlan(file);
  const apiUrl = normalizeApiUrl(apiBaseUrl(options, context.env));
  const { paths, desired } = await configurationFor(file, options, context);
  const input = { saved, file, desired, paths, apiUrl };
  // Before any request: a plan for another API, organization or configuration is refused first.
  const approved = approvedPlan(input);
  const counter = new RequestCounter();
  const client = connect(options, context.env, output, counter);
  const show = (plan: Plan) =>
    output.out(renderPlanText(redactPlan(plan, context.secrets), output.style, context.kinds));
  try {
    const session = commandSession(context, client, { counter, planned: show });
    const applied = await applyApproved(
      session,
      { ...input, approved },
      { ...callsOptions(context, options.parallelism), allowDestroy: Boolean(options.allowDestroy) },
    );
    if (applied.status === "already-applied") {
      context.observer?.alreadyApplied?.(approved);
      output.out(
        output.style.bold(
          `The plan in ${file} (${saved.savedAt}) is already applied: the live organization matches it; nothing was changed.
`,
        ),
      );
      return;
    }
    if (applied.status === "stale")
      await refuseOutdated(applied, saved, file, { desired, paths, apiUrl }, context, options);
    else if (approved.changes.length > 0)
      output.out(
        output.style.bold(`\nApply complete: ${madeText(applied.made)}, exactly as planned in ${file}.\n`),
      );
  } finally {
    await client.close();
  }
}
