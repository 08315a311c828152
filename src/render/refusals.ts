// The banner at the top of a plan that apply will refuse (plan.refusals, from plan/safety.ts):
// each rule it breaks, with the numbers and the way forward, in each format of the plan. A
// plan without refusals has no banner.

import type { Plan, Refusal } from "../model/plan.ts";
import { CELL_VALUE_MAX, clip, escapeHtml, escapeMarkdown, prose } from "./markdown.ts";
import { printable } from "./names.ts";
import type { Style } from "./style.ts";

/** The items of a refusal listed before "and N more". */
const DETAILS_MAX = 25;

const HEADING = "Apply will refuse this plan";

const refusalsOf = (plan: Plan): readonly Refusal[] => plan.refusals ?? [];

/** The rule and its numbers first, the items (clipped) and the way forward after. */
function parts(refusal: Refusal): { head: string; details: string[]; fix: string } {
  const all = refusal.details ?? [];
  const details = all.slice(0, DETAILS_MAX).map((line) => printable(line));
  if (all.length > DETAILS_MAX) details.push(`… and ${all.length - DETAILS_MAX} more`);
  return { head: `${refusal.rule}: ${refusal.message}`, details, fix: refusal.fix };
}

/** One line for the error stream: which rules, and where to read more. */
export function refusedHeadline(plan: Plan): string | undefined {
  const refusals = refusalsOf(plan);
  if (refusals.length === 0) return undefined;
  const rules = refusals.map((refusal) => refusal.rule).join(", ");
  return `${HEADING}: it breaks ${rules} (shown at the top of the plan).`;
}

/** The banner as lines of text, with a blank line after it; none for a plan apply makes. */
export function refusalTextLines(plan: Plan, style: Style): string[] {
  const refusals = refusalsOf(plan);
  if (refusals.length === 0) return [];
  const lines = [style.red(style.bold(`${HEADING}:`))];
  for (const refusal of refusals) {
    const { head, details, fix } = parts(refusal);
    lines.push(`  ${style.red("✗")} ${head}`, ...details.map((line) => `      ${line}`), `    ${fix}`);
  }
  return [...lines, ""];
}

/** The banner as a GitHub caution callout, with a blank line after it. */
export function refusalMarkdownLines(plan: Plan): string[] {
  const refusals = refusalsOf(plan);
  if (refusals.length === 0) return [];
  const lines = ["> [!CAUTION]", `> **${HEADING}**: it stops before any call, for the rules below.`, ">"];
  for (const refusal of refusals) {
    const { details, fix } = parts(refusal);
    lines.push(`> - **${escapeMarkdown(refusal.rule)}**: ${prose(refusal.message, false)}`);
    for (const line of details) lines.push(`>   - ${prose(clip(line, CELL_VALUE_MAX), false)}`);
    // A paragraph of its own in the item, after its list of items.
    lines.push(">", `>   ${prose(fix, false)}`);
  }
  return [...lines, ""];
}

/** The banner as an HTML callout; empty for a plan apply makes. */
export function refusalHtml(plan: Plan): string {
  const refusals = refusalsOf(plan);
  if (refusals.length === 0) return "";
  const items = refusals.map((refusal) => {
    const { head, details, fix } = parts(refusal);
    const listed =
      details.length === 0
        ? ""
        : `<ul>${details.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
    return `<li><b>${escapeHtml(head)}</b>${listed}<div>${escapeHtml(fix)}</div></li>`;
  });
  return `<div class="callout caution refused"><b>${HEADING}</b><ul>${items.join("")}</ul></div>`;
}
