// The Markdown reports of the action that are not a plan or a drift report: an apply, an
// invalid configuration, an error. Like the plan's, they stay under MARKDOWN_LIMIT characters.

import { countDiagnostics, type Diagnostic } from "../config/diagnostics.ts";
import { codeSpan, escapeMarkdown, fenceFor, MARKDOWN_LIMIT } from "../render/markdown.ts";

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
