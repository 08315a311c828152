// `docsync apply FILE`: a saved plan is the approval of exactly its calls. It is applied when
// it is intact, for this API and organization, made from this configuration, and when the plan
// made now from that configuration makes the same calls; otherwise nothing is changed, and the
// refusal shows how the plan made now differs from the approved one, by address.

import { normalizeApiUrl } from "../../api/url.ts";
import { applySavedPlan as applyApproved, approvedPlan } from "../../engine/apply-saved.ts";
import type { EngineListener } from "../../engine/events.ts";
import { alreadyAppliedText, STALE_HEADING, savedAppliedText } from "../../engine/words.ts";
import { DocsyncError } from "../../errors.ts";
import { callsOptions } from "../../front/apply-calls.ts";
import { apiBaseUrl, type ConnectionOptions, connect, RequestCounter } from "../../front/connection.ts";
import type { Plan } from "../../model/plan.ts";
import { redactPlan } from "../../render/redact.ts";
import { renderPlanText } from "../../render/text.ts";
import { readSavedPlan } from "../../saved/saved.ts";
import { configPaths, loadDesired } from "../configuration.ts";
import type { CommandContext } from "../context.ts";
import { commandSession } from "../engine-session.ts";

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

export async function applySavedPlan(
  file: string,
  context: CommandContext,
  options: SavedApplyOptions,
  listen?: EngineListener,
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
    const session = commandSession(context, client, { counter, planned: show, listen });
    const applied = await applyApproved(
      session,
      { ...input, approved },
      {
        ...callsOptions(context, options.parallelism),
        allowDestroy: Boolean(options.allowDestroy),
        out: options.out,
      },
    );
    if (applied.status === "already-applied") {
      output.out(alreadyAppliedText(file, saved.savedAt, output.style));
      return;
    }
    if (applied.status === "stale") {
      // The plan for now, saved when asked (to be approved in its turn), and the refusal with
      // the difference, approved → now.
      output.out(`${STALE_HEADING}${renderPlanText(applied.shown, output.style, context.kinds)}`);
      throw applied.error;
    }
    if (approved.changes.length > 0) output.out(savedAppliedText(applied.made, file, output.style));
  } finally {
    await client.close();
  }
}
