// The drift report for people at a terminal or in a CI log.

import { SENSITIVE } from "../render/redact.ts";
import type { Style } from "../render/style.ts";
import { showValue } from "../render/values.ts";
import type { DriftItem, DriftReport } from "./report.ts";

const HEADLINES: Record<DriftItem["state"], (style: Style) => string> = {
  missing: (style) => `${style.green("+")} missing from the live organization`,
  "live-only": (style) => `${style.red("-")} live only: not in the configuration`,
  differs: (style) => `${style.yellow("~")} differs`,
  "must-replace": (style) => `${style.magenta("-/+")} differs in a field that cannot change in place`,
  "out-of-order": (style) => `${style.cyan("↕")} out of order`,
};

function itemLines(item: DriftItem, style: Style): string[] {
  const note = item.note ? style.dim(` (${item.note})`) : "";
  const risk = item.highRisk ? `  ${style.red(style.bold("HIGH RISK"))}` : "";
  const lines = [`  ${item.address}${risk}`, `      ${HEADLINES[item.state](style)}${note}`];
  if (item.state === "differs" || item.state === "must-replace") {
    for (const field of item.fields) {
      const live = field.sensitive ? SENSITIVE : "live" in field ? showValue(field.live) : "(not set)";
      const configured = field.sensitive
        ? SENSITIVE
        : "configured" in field
          ? showValue(field.configured)
          : "(removed)";
      lines.push(`      ${field.field}: live ${live}, configured ${configured}`);
    }
  }
  return lines;
}

export function renderDriftText(report: DriftReport, style: Style): string {
  if (!report.drifted) return "No drift: the live organization matches the configuration.\n";
  const count = report.items.length;
  const lines = [
    style.bold(
      `Drift: organization ${report.organization} differs from the configuration in ${count} item${count === 1 ? "" : "s"}.`,
    ),
    "",
  ];
  for (const item of report.items) lines.push(...itemLines(item, style));
  for (const warning of report.warnings) lines.push("", style.yellow(`Warning: ${warning}`));
  return `${lines.join("\n")}\n`;
}
