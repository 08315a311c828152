// `docsync apply FILE`: a saved plan is the approval of exactly its calls. It is applied when
// it is intact, for this API and organization, made from this configuration, and when the plan
// made now from that configuration makes the same calls; otherwise nothing is changed, and the
// refusal shows how the plan made now differs from the approved one, by address.

import { normalizeApiUrl } from "../../api/url.ts";
import { madeText } from "../../apply/report.ts";
import type { DesiredState } from "../../config/types.ts";
import { DocsyncError } from "../../errors.ts";
import type { Plan } from "../../model/plan.ts";
import { liveLookup, type PlanDifference, planDifference } from "../../plan/compare.ts";
import { checkRefusals } from "../../plan/safety.ts";
import { differenceHeadline, renderDifferenceText } from "../../render/plan-difference.ts";
import { redactPlan } from "../../render/redact.ts";
import { renderPlanText } from "../../render/text.ts";
import { configurationDifferences, configurationDigest } from "../../saved/configuration-digest.ts";
import { readSavedPlan, type SavedPlan, sealPlan, unsealPlan, writeSavedPlan } from "../../saved/saved.ts";
import { checkDestination, checkTokenSees } from "../../saved/saved-target.ts";
import { makeCalls } from "../apply-calls.ts";
import { apiBaseUrl, type ConnectionOptions, connect, RequestCounter } from "../connection.ts";
import type { CommandContext } from "../context.ts";
import { shellWords } from "../shell-words.ts";
import { configPaths, loadDesired, planAgainstLive } from "../workflow.ts";

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

/** Refuses the plan when the configuration given resolves to anything else than its own. */
function checkConfiguration(saved: SavedPlan, file: string, desired: DesiredState, paths: string[]): void {
  const differences = configurationDifferences(saved.configuration, configurationDigest(desired));
  if (differences.length === 0) return;
  throw new DocsyncError(
    "plan.other-configuration",
    `${file} was made from another configuration than ${paths.join(", ")}; nothing was changed. What differs, by address:\n${differences.map((line) => `  ${line}`).join("\n")}\nApply it with the configuration it was made from, or make a plan of this one with docsync plan --out.`,
  );
}

/**
 * The plan made now differs from the approved one: shows the plan made now, saves it when asked
 * (to be approved in its turn), and refuses with the difference, approved → now.
 */
async function refuseOutdated(
  found: PlanDifference,
  current: Plan,
  saved: SavedPlan,
  file: string,
  setup: { desired: DesiredState; paths: string[]; apiUrl: string },
  context: CommandContext,
  options: SavedApplyOptions,
): Promise<never> {
  const { output, secrets } = context;
  const difference = secrets.redactValue(found);
  const shown = redactPlan(current, secrets);
  context.observer?.refused?.({ difference, current: shown });
  output.out(`The plan for the live organization now:\n\n${renderPlanText(shown, output.style)}`);
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
  checkDestination(saved, file, {
    apiUrl,
    organization: { id: desired.organization, from: "the configuration's organization" },
  });
  checkConfiguration(saved, file, desired, paths);
  const sensitive = desired.sensitiveValues;
  const approved = unsealPlan(saved, sensitive);
  const counter = new RequestCounter();
  const client = connect(options, context.env, output, counter);
  try {
    await checkTokenSees(client, saved, file);
    // The same configuration planned against the live organization now: the approved plan is
    // applied only when this one makes the same calls.
    const { plan: current, live } = await planAgainstLive(client, desired, {
      targets: saved.targets ?? [],
      secrets: context.secrets,
    });
    // Nothing left to do: the live organization is where the plan leads (it was applied
    // before, by this run's first attempt or by hand), so a job run again succeeds.
    if (current.changes.length === 0 && approved.changes.length > 0) {
      context.observer?.alreadyApplied?.(approved);
      output.out(
        output.style.bold(
          `The plan in ${file} (${saved.savedAt}) is already applied: the live organization matches it; nothing was changed.
`,
        ),
      );
      return;
    }
    // Compared as the file holds it: addresses and all but call bodies with their secrets
    // redacted, so that an item whose title holds one is the same item in both.
    const asSaved = unsealPlan(sealPlan(current, desired, { apiUrl, secrets: context.secrets }), sensitive);
    const difference = planDifference(approved, asSaved, liveLookup(live));
    if (difference.length > 0)
      await refuseOutdated(difference, current, saved, file, { desired, paths, apiUrl }, context, options);
    context.observer?.planned?.(approved);
    output.out(renderPlanText(redactPlan(approved, context.secrets), output.style));
    if (approved.changes.length === 0) return;
    // `--allow-destroy` counts given to the plan --out that saved it, or to this apply.
    const allowDestroy = saved.allowDestroy === true || Boolean(options.allowDestroy);
    checkRefusals(approved, { maxDestroy: saved.maxDestroy, allowDestroy });
    // The saved plan is the approval: no confirmation is asked.
    const made = await makeCalls(approved, client, context, { ...options, counter }, sensitive);
    output.out(output.style.bold(`\nApply complete: ${madeText(made)}, exactly as planned in ${file}.\n`));
  } finally {
    await client.close();
  }
}
