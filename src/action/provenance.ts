// What a report says about where it comes from: a hidden marker that finds the step's comment
// again (one per command and label), and a line naming the commit and linking the run.

import { readFileSync } from "node:fs";
import { codeSpan } from "../render/markdown.ts";
import { VERSION } from "../version.ts";

/** A label tells two docsync steps of one workflow apart; it goes into an HTML comment. */
export const LABEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** `<!-- docsync-plan -->`, or `<!-- docsync-plan:staging -->` with a label. */
export function commentMarker(command: string, label: string): string {
  return `<!-- docsync-${command}${label === "" ? "" : `:${label}`} -->`;
}

/**
 * The commit the step ran on: a pull request's head commit (GITHUB_SHA is then a merge commit
 * that nobody pushed), otherwise GITHUB_SHA.
 */
export function commitOf(env: NodeJS.ProcessEnv): string | undefined {
  if (env.GITHUB_EVENT_PATH) {
    try {
      const event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, "utf8")) as {
        pull_request?: { head?: { sha?: unknown } };
      };
      const head = event.pull_request?.head?.sha;
      if (typeof head === "string" && head !== "") return head;
    } catch {
      // No readable event: GITHUB_SHA says enough.
    }
  }
  return env.GITHUB_SHA || undefined;
}

/** The run's page, at its attempt when it was re-run. */
export function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: run } = env;
  if (!server || !repository || !run) return undefined;
  const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? "1");
  return `${server}/${repository}/actions/runs/${run}${attempt > 1 ? `/attempts/${attempt}` : ""}`;
}

/**
 * Where the whole plan is, for the report's note when it leaves changes out: the HTML report in
 * the artifact the workflow keeps it in (the `artifact` input), of this run.
 */
export function wholePlanNote(env: NodeJS.ProcessEnv, artifact: string): string {
  const url = runUrl(env);
  const run = url ? ` of [this workflow run](${url}#artifacts)` : "";
  if (artifact !== "")
    return `The whole plan is in the HTML report \`plan.html\` of the artifact ${codeSpan(artifact, false)}${run}.`;
  return `The whole plan is in the step's HTML report (its \`html-file\` output)${run}.`;
}

/** The report's last line: commit, run and docsync's version. */
export function provenanceLine(env: NodeJS.ProcessEnv, label: string): string {
  const parts: string[] = [];
  if (label !== "") parts.push(`label ${codeSpan(label, false)}`);
  const commit = commitOf(env);
  if (commit) parts.push(`commit ${codeSpan(commit.slice(0, 12), false)}`);
  const url = runUrl(env);
  if (url) parts.push(`[workflow run](${url})`);
  parts.push(`docsync ${VERSION}`);
  return `<sub>${parts.join(" · ")}</sub>`;
}
