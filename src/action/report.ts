// The Markdown reports of the action that are not a plan or a drift report: an apply, an
// invalid configuration, an error. Like the plan's, they stay under MARKDOWN_LIMIT characters.

import type { Diagnostic } from "../config/diagnostics.ts";
import type { DriftReport, DriftState } from "../drift/report.ts";
import type { Change, ChangeAction, FieldChange, Plan } from "../plan/types.ts";
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
export function clipMiddle(text: string, max: number): string {
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
  const files = new Set(diagnostics.map((d) => d.file)).size;
  const count = `${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"} in ${files} file${files === 1 ? "" : "s"}`;
  const lines = [
    heading(command, undefined, "invalid configuration"),
    "",
    `**The configuration has ${count}.** Nothing was read from or sent to the API.`,
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

const ACTIONS: Record<DriftState, ChangeAction> = {
  missing: "create",
  "live-only": "delete",
  differs: "update",
  "must-replace": "replace",
  "out-of-order": "move",
};

/** The drift report as the plan it was read from, for renderDriftMarkdown. */
export function planOfDrift(report: DriftReport): Plan {
  const summary = { create: 0, update: 0, replace: 0, move: 0, delete: 0 };
  const changes = report.items.map((item, index): Change => {
    const action = ACTIONS[item.state];
    summary[action]++;
    const change: Change = {
      id: `c${index + 1}`,
      action,
      kind: item.kind,
      address: item.address,
      fields: item.fields.map((field) => {
        const change: FieldChange = { field: field.field };
        if ("live" in field) change.from = field.live;
        if ("configured" in field) change.to = field.configured;
        if (field.sensitive) change.sensitive = true;
        return change;
      }),
      calls: [],
    };
    if (item.note) change.note = item.note;
    if (item.highRisk) change.highRisk = true;
    return change;
  });
  return {
    format: "docsync-plan",
    version: 1,
    organization: report.organization,
    changes,
    calls: [],
    warnings: report.warnings,
    summary,
  };
}
