// An apply step that applies: the approved plan (the `plan` input), or, with auto-approve, the
// configuration. What it prints is apply's log, in the step's log as it happens.

import { resolve } from "node:path";
import { normalizeApiUrl } from "../api/url.ts";
import { applyConfiguration } from "../engine/apply.ts";
import { applySavedPlan, approvedPlan } from "../engine/apply-saved.ts";
import { readSavedPlan } from "../engine/saved.ts";
import {
  alreadyAppliedText,
  appliedText,
  notConvergedText,
  STALE_HEADING,
  savedAppliedText,
} from "../engine/words.ts";
import { DocsyncError } from "../errors.ts";
import { apiBaseUrl, connect, RequestCounter } from "../front/connection.ts";
import { parseTargets } from "../front/target-address.ts";
import { plainStyle } from "../render/style.ts";
import { renderPlanText } from "../render/text.ts";
import { loadDesired, type StepContext, showPlan, stepCalls, stepSession } from "./step.ts";

/** Applies the configuration, as `docsync apply --yes`: the workflow's auto-approve is the confirmation. */
export async function runApply(context: StepContext): Promise<number> {
  const { step, output } = context;
  const targets = parseTargets(step.target);
  const desired = await loadDesired(context);
  const counter = new RequestCounter();
  const client = connect(step, context.env, output, counter);
  try {
    const applied = await applyConfiguration(stepSession(context, client, counter), desired, {
      ...stepCalls(context),
      targets,
      allowDestroy: step.allowDestroy,
      confirmation: { given: true },
    });
    if (applied.status === "no-changes") return 0;
    if (applied.status === "applied") {
      output.out(appliedText(applied.made, step.target.length > 0, plainStyle));
      return 0;
    }
    output.out(notConvergedText(applied.made));
    showPlan(context, applied.left);
    throw applied.error;
  } finally {
    await client.close();
  }
}

/**
 * Applies the approved plan `file`, as `docsync apply FILE`: exactly its calls, or none when the
 * live organization changed since, saving the plan for now to `savedPlan` for approval.
 */
export async function runApplySaved(context: StepContext, file: string, savedPlan: string): Promise<number> {
  const { step, env, output, seen } = context;
  if (step.target.length > 0)
    throw new DocsyncError("cli.usage", "--target applies when planning; a saved plan is applied whole.");
  const saved = await readSavedPlan(resolve(context.cwd, file));
  const apiUrl = normalizeApiUrl(apiBaseUrl(step, env));
  const desired = await loadDesired(context);
  const input = { saved, file, desired, paths: step.config, apiUrl };
  // Before any request: a plan for another API, organization or configuration is refused first.
  const approved = approvedPlan(input);
  const counter = new RequestCounter();
  const client = connect(step, env, output, counter);
  try {
    const session = stepSession(context, client, counter);
    const applied = await applySavedPlan(
      session,
      { ...input, approved },
      {
        ...stepCalls(context),
        allowDestroy: step.allowDestroy,
        out: savedPlan,
        howToApply: () => "an apply step whose plan input is that file (this step's saved-plan output)",
      },
    );
    if (applied.status === "already-applied") {
      output.out(alreadyAppliedText(file, saved.savedAt, plainStyle));
      return 0;
    }
    if (applied.status === "stale") {
      const { difference, shown } = applied;
      seen.applied.refused = { difference, current: shown };
      output.out(`${STALE_HEADING}${renderPlanText(shown, plainStyle)}`);
      throw applied.error;
    }
    if (approved.changes.length > 0) output.out(savedAppliedText(applied.made, file, plainStyle));
    return 0;
  } finally {
    await client.close();
  }
}
