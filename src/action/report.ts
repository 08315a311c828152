// The Markdown reports of the action that are not a plan or a drift report: an apply, an
// invalid configuration, an error. Like the plan's, they stay under MARKDOWN_LIMIT characters.

import { countDiagnostics, type Diagnostic } from "../config/diagnostics.ts";
import type { PlanDifference } from "../engine/words.ts";
import type { Plan } from "../model/plan.ts";
import { codeSpan, escapeMarkdown, fenceFor, MARKDOWN_LIMIT } from "../render/markdown.ts";
import { differenceHeadline, renderDifferenceMarkdown } from "../render/plan-difference.ts";
import { renderPlanMarkdown } from "../render/plan-markdown.ts";
import { summaryLine } from "../render/text.ts";

export type ActionCommand = "plan" | "apply" | "drift";

function heading(
  command: ActionCommand | "docsync",
  organization: string | undefined,
  what?: string,
): string {
  const title = command === "docsync" ? "docsync" : `docsync ${command}`;
  const org = organization ? ` · organization ${codeSpan(organization, false)}` : "";
  return `### ${title}${org}${what ? ` · ${what}` : ""}`;
}

/** A fenced block that the text cannot close. */
function fenced(text: string, language = "text"): string {
  const fence = fenceFor(text);
  return `${fence}${language}\n${text.replace(/\n$/, "")}\n${fence}`;
}

/** The text, or its beginning and end with what lies between left out. */
function clipMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max / 3);
  const tail = max - head;
  const left = text.length - head - tail;
  return `${text.slice(0, head)}\n… ${left.toLocaleString("en-US")} characters left out here; the step's log has everything …\n${text.slice(text.length - tail)}`;
}

/** Room for the log in a report: the limit less the words around it. */
const LOG_MAX = MARKDOWN_LIMIT - 4_000;

export function applyReport(options: {
  organization?: string;
  exitCode: number;
  log: string;
  error: string;
}): string {
  const { organization, exitCode, log, error } = options;
  const lines = [heading("apply", organization), ""];
  const complete = /^Apply complete: .*$/m.exec(log)?.[0];
  if (exitCode === 0) {
    lines.push(`**${escapeMarkdown(complete ?? "No changes: live state matches the configuration.")}**`, "");
  } else {
    lines.push(`**Apply failed (exit code ${exitCode}).**`, "");
    if (error.trim() !== "") lines.push(fenced(clipMiddle(error.trim(), LOG_MAX / 4)), "");
  }
  if (log.trim() !== "") {
    const open = exitCode === 0 ? "" : " open";
    lines.push(
      `<details${open}><summary>Apply log</summary>`,
      "",
      fenced(clipMiddle(log, LOG_MAX - lines.join("\n").length)),
      "",
      "</details>",
    );
  }
  return `${lines.join("\n")}\n`;
}

/** What a plan waiting for approval says: where it is, and how to approve it. */
const TO_APPROVE =
  "The plan for now is this step's `saved-plan` output: keep it (as an artifact), review it, and apply it with an apply step whose `plan` input is that file.";

/** The plan for now, or only its summary line when it would not fit beside what comes before it. */
function planFitting(plan: Plan, before: string): string {
  const markdown = renderPlanMarkdown(plan);
  if (before.length + markdown.length <= MARKDOWN_LIMIT) return markdown;
  return `**${escapeMarkdown(summaryLine(plan))}** The plan is too long for this report: the step's log has it, and \`docsync show\` shows the saved plan.\n`;
}

/** A saved plan refused because the plan for the live organization now makes other calls. */
export function refusedReport(options: {
  organization?: string;
  difference: PlanDifference;
  current: Plan;
}): string {
  const { organization, difference, current } = options;
  const before = [
    heading("apply", organization, "approved plan out of date"),
    "",
    "**The approved plan was not applied: the live organization changed since it was made, and the plan for it now makes other calls.** Nothing was changed.",
    "",
    `#### Approved → now: ${escapeMarkdown(differenceHeadline(difference))}`,
    "",
    renderDifferenceMarkdown(difference),
    "#### The plan for now",
    "",
    TO_APPROVE,
    "",
  ].join("\n");
  return `${before}\n${planFitting(current, before)}`;
}

/** An apply step without an approved plan (and without auto-approve): the plan, for approval. */
export function approvalReport(options: { organization?: string; plan: Plan }): string {
  const { organization, plan } = options;
  const before = [
    heading("apply", organization, "waiting for approval"),
    "",
    "**No approved plan was given, and `auto-approve` is not set: nothing was changed.**",
    "",
    TO_APPROVE,
    "",
  ].join("\n");
  return `${before}\n${planFitting(plan, before)}`;
}

export function errorReport(
  command: ActionCommand | "docsync",
  exitCode: number,
  error: string,
  organization?: string,
): string {
  const lines = [
    heading(command, organization, "failed"),
    "",
    `**docsync exited with code ${exitCode}.**`,
    "",
  ];
  if (error.trim() !== "") lines.push(fenced(clipMiddle(error.trim(), LOG_MAX)));
  return `${lines.join("\n")}\n`;
}

/** Diagnostics listed in the report before "and N more". */
const DIAGNOSTICS_MAX = 200;

export function configErrorReport(command: ActionCommand, diagnostics: readonly Diagnostic[]): string {
  const lines = [
    heading(command, undefined, "invalid configuration"),
    "",
    `**The configuration has ${countDiagnostics(diagnostics)}.** Nothing was read from or sent to the API.`,
    "",
    "| File | Line | Column | Problem |",
    "|---|---|---|---|",
  ];
  for (const d of diagnostics.slice(0, DIAGNOSTICS_MAX)) {
    const where = d.path === "" ? "" : `${codeSpan(d.path)}: `;
    lines.push(`| ${codeSpan(d.file)} | ${d.line} | ${d.column} | ${where}${escapeMarkdown(d.message)} |`);
  }
  if (diagnostics.length > DIAGNOSTICS_MAX)
    lines.push("", `… and ${diagnostics.length - DIAGNOSTICS_MAX} more: run \`docsync validate\` locally.`);
  return `${lines.join("\n")}\n`;
}
