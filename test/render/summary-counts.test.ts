// Every count a report gives of a plan or of drift, on one plan whose actions come in counts
// that differ from each other (4 creates, 2 updates, 1 replacement, 6 moves, 9 deletes, and a
// blocked replacement, which a plan's counts leave out since apply does not make it, and drift
// counts since the item does differ): a change counted under the wrong action, or not at all,
// shows as a wrong number.

import { describe, expect, it } from "vitest";
import { driftReport, planOfDrift } from "../../src/drift/report.ts";
import type { Change, ChangeAction, Plan } from "../../src/model/plan.ts";
import type { ChangeDifference } from "../../src/plan/compare.ts";
import { summarize } from "../../src/plan/target.ts";
import { renderDriftHtml } from "../../src/render/drift-html.ts";
import { driftSummaryLine, renderDriftMarkdown } from "../../src/render/drift-markdown.ts";
import { renderDriftText } from "../../src/render/drift-text.ts";
import { renderHtml } from "../../src/render/html.ts";
import { PLAN_WORDS, summaryLine } from "../../src/render/names.ts";
import { differenceHeadline } from "../../src/render/plan-difference.ts";
import { renderPlanMarkdown } from "../../src/render/plan-markdown.ts";
import { plainStyle } from "../../src/render/style.ts";
import { renderPlanText } from "../../src/render/text.ts";

const DOCS = 'site "Docs"';
let ids = 0;

function change(action: ChangeAction, kind: string, name: string, extra: Partial<Change> = {}): Change {
  const fields =
    action === "update" || action === "replace" ? [{ field: "title", from: `${name} before`, to: name }] : [];
  return {
    id: `c${++ids}`,
    action,
    kind,
    address: `${DOCS} › ${kind} ${JSON.stringify(name)}`,
    name,
    parents: [DOCS],
    fields,
    calls: [],
    ...extra,
  };
}

const many = (count: number, action: ChangeAction, kind: string) =>
  Array.from({ length: count }, (_, i) => change(action, kind, `${action}-${i}`));

/** 4 redirects to create, 2 sections to update, 1 custom field to replace, 6 sections to move, 9 redirects to delete, 1 blocked. */
function mixed(): Plan {
  const changes = [
    ...many(4, "create", "redirect"),
    ...many(2, "update", "section"),
    change("replace", "custom field", "owner"),
    ...many(6, "move", "section"),
    ...many(9, "delete", "redirect"),
    change("replace", "custom field", "kept", {
      blocked: "protected (protect: true), but type cannot change in place",
    }),
  ];
  return {
    format: "docsync-plan",
    version: 2,
    organization: "org_acme",
    changes,
    calls: [],
    warnings: [],
    summary: summarize(changes),
  };
}

describe("the counts of a plan", () => {
  it("in the plan's JSON summary: each action on its own, a blocked change in none", () => {
    expect(mixed().summary).toEqual({ create: 4, update: 2, replace: 1, move: 6, delete: 9 });
  });

  it("in the summary line of text and Markdown: a replacement is both a create and a delete", () => {
    const line =
      "Plan: 5 to create (4 redirects, 1 custom field), 2 to update (2 sections), 6 to move (6 sections), " +
      "10 to delete (9 redirects, 1 custom field).";
    expect(summaryLine(mixed())).toBe(line);
    expect(renderPlanText(mixed(), plainStyle).trimEnd().split("\n").at(-1)).toBe(line);
    expect(renderPlanMarkdown(mixed())).toContain(`**${line}**`);
  });

  it("in the HTML page's counts", () => {
    const html = renderHtml(mixed(), { title: "docsync plan", summary: "", words: PLAN_WORDS, legend: "" });
    expect(html).toContain(
      '<ul class="counts"><li><b>5</b>to create<span class="kinds">4 redirects, 1 custom field</span></li>' +
        '<li><b>2</b>to update<span class="kinds">2 sections</span></li>' +
        '<li><b>6</b>to move<span class="kinds">6 sections</span></li>' +
        '<li><b>10</b>to delete<span class="kinds">9 redirects, 1 custom field</span></li></ul>',
    );
  });

  it("in the Markdown lists' summaries, by kind and action", () => {
    const markdown = renderPlanMarkdown(mixed());
    // The deletes and replacements lead, counted under their heading and never folded; the
    // lists after them count what is left of each kind.
    expect(markdown).toContain("#### Deletes, replacements and high-risk changes · 11 changes");
    expect(markdown).toContain("<summary>4 redirects: 4 to create</summary>");
    expect(markdown).toContain("<summary>8 sections: 2 to update, 6 to move</summary>");
    expect(markdown).not.toContain("to delete</summary>");
    expect(markdown).not.toContain("to replace</summary>");
  });
});

describe("the counts of drift", () => {
  const drift = () => planOfDrift(driftReport(mixed()));

  it("in the summary line of Markdown and HTML: a replacement, blocked or not, is one item that differs", () => {
    const line =
      "Drift: 23 items differ from the configuration: 4 missing from the live organization, 9 live only, 4 different, 6 out of order.";
    for (const plan of [mixed(), drift()]) {
      expect(driftSummaryLine(plan)).toBe(line);
      expect(renderDriftMarkdown(plan)).toContain(`**${line}**`);
      expect(renderDriftHtml(plan)).toContain(`<p class="summary">${line}</p>`);
    }
  });

  it("in the Markdown lists' summaries: a replacement as a field that cannot change in place", () => {
    const markdown = renderDriftMarkdown(drift());
    expect(markdown).toContain(
      "<summary>2 custom fields: 2 different in a field that cannot change in place</summary>",
    );
    expect(markdown).toContain("<summary>8 sections: 2 different, 6 out of order</summary>");
    expect(markdown).toContain("-/+ custom field");
  });

  it("in the JSON report, item by item, and in the text's count of items", () => {
    const report = driftReport(mixed());
    const states = new Map<string, number>();
    for (const item of report.items) states.set(item.state, (states.get(item.state) ?? 0) + 1);
    expect(Object.fromEntries(states)).toEqual({
      missing: 4,
      differs: 2,
      "must-replace": 2,
      "out-of-order": 6,
      "live-only": 9,
    });
    expect(drift().summary).toEqual({ create: 4, update: 2, replace: 2, move: 6, delete: 9 });
    expect(renderDriftText(report, plainStyle)).toContain(
      "Drift: organization org_acme differs from the configuration in 23 items.\n",
    );
  });
});

describe("the counts of an approved plan's difference from the plan made now", () => {
  it("count each change once, by which plan has it", () => {
    const team = (name: string) => change("create", "team", name);
    const entry = (name: string, approved: boolean, current: boolean): ChangeDifference => ({
      action: "create",
      address: `team "${name}"`,
      ...(approved ? { approved: team(name) } : {}),
      ...(current ? { current: team(name) } : {}),
      approvedCalls: [],
      currentCalls: [],
    });
    const difference = [
      ...["a1", "a2", "a3"].map((name) => entry(name, false, true)),
      entry("d1", true, false),
      ...["x1", "x2"].map((name) => entry(name, true, true)),
    ];
    expect(differenceHeadline(difference)).toBe(
      "3 changes only in the current plan, 1 change only in the approved plan, 2 changes with other calls",
    );
  });
});
