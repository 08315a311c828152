// The difference between an approved plan and the plan made now, by address, as text and as
// Markdown: each change only the current plan makes (+), only the approved plan made (-), or
// that both make with other calls (~), with the calls that differ. The caller redacts the
// difference before it is shown, as every plan.

import type { Call } from "../model/plan.ts";
import { pathText } from "../model/references.ts";
import type { ChangeDifference, PlanDifference } from "../plan/compare.ts";
import { clip, codeSpan, plural, prose } from "./markdown.ts";
import { showValue } from "./values.ts";

/** Changes listed before "and N more". */
const CHANGES_SHOWN = 30;
/** Calls listed under a change before "and N more". */
const CALLS_SHOWN = 3;
/** Longest body shown for a call, in characters. */
const BODY_MAX = 300;

const MARKS = { added: "+", dropped: "-", different: "~" } as const;

function how(difference: ChangeDifference): keyof typeof MARKS {
  if (!difference.approved) return "added";
  if (!difference.current) return "dropped";
  return "different";
}

const SAYS = {
  added: "only in the current plan",
  dropped: "only in the approved plan",
  different: "in both, with other calls",
} as const;

/** `PATCH /orgs/o/sites/s {"title":"Docs"}`. */
function request(call: Call): string {
  const body = call.body === undefined ? "" : ` ${clip(showValue(call.body, call.ids), BODY_MAX)}`;
  return `${call.method} ${pathText(call.path)}${body}`;
}

/** The calls of a change that differ, each with the side it is on, the first few. */
function callLines(difference: ChangeDifference): { side: "approved" | "now"; text: string }[] {
  const lines = [
    ...difference.approvedCalls.map((call) => ({ side: "approved" as const, text: request(call) })),
    ...difference.currentCalls.map((call) => ({ side: "now" as const, text: request(call) })),
  ];
  if (lines.length <= CALLS_SHOWN) return lines;
  const more = lines.length - CALLS_SHOWN;
  return [...lines.slice(0, CALLS_SHOWN), { side: "now", text: `… and ${plural(more, "more call")}` }];
}

/** One line on how many changes differ, in which way. */
export function differenceHeadline(difference: PlanDifference): string {
  const counts = { added: 0, dropped: 0, different: 0 };
  for (const entry of difference) counts[how(entry)] += 1;
  const parts = [];
  if (counts.added > 0) parts.push(`${plural(counts.added, "change")} only in the current plan`);
  if (counts.dropped > 0) parts.push(`${plural(counts.dropped, "change")} only in the approved plan`);
  if (counts.different > 0) parts.push(`${plural(counts.different, "change")} with other calls`);
  return parts.join(", ");
}

export function renderDifferenceText(difference: PlanDifference): string {
  const lines: string[] = [];
  for (const entry of difference.slice(0, CHANGES_SHOWN)) {
    const kind = how(entry);
    lines.push(`  ${MARKS[kind]} ${entry.address} (${entry.action}): ${SAYS[kind]}`);
    for (const { side, text } of callLines(entry))
      lines.push(`      ${side === "approved" ? "approved:" : "now:     "} ${text}`);
  }
  if (difference.length > CHANGES_SHOWN)
    lines.push(`  … and ${plural(difference.length - CHANGES_SHOWN, "more change")}`);
  return `${lines.join("\n")}\n`;
}

export function renderDifferenceMarkdown(difference: PlanDifference): string {
  const lines = ["| | Change | Action | Calls that differ |", "|---|---|---|---|"];
  for (const entry of difference.slice(0, CHANGES_SHOWN)) {
    const kind = how(entry);
    const calls = callLines(entry)
      .map(({ side, text }) => `${side}: ${codeSpan(text)}`)
      .join("<br>");
    lines.push(
      `| ${MARKS[kind]} | ${prose(entry.address)} | ${entry.action}, ${SAYS[kind]} | ${calls || "—"} |`,
    );
  }
  if (difference.length > CHANGES_SHOWN)
    lines.push("", `… and ${plural(difference.length - CHANGES_SHOWN, "more change")}.`);
  return `${lines.join("\n")}\n`;
}
