// The rules apply enforces, as one pure function of the plan and the policy: what plan and show
// print at the top, and what apply refuses with.

import { describe, expect, it } from "vitest";
import type { Change, Plan } from "../../src/model/plan.ts";
import { checkRefusals, planRefusals, refusalError } from "../../src/plan/safety.ts";
import {
  refusalHtml,
  refusalMarkdownLines,
  refusalTextLines,
  refusedHeadline,
} from "../../src/render/refusals.ts";
import { plainStyle } from "../../src/render/style.ts";

const change = (id: string, action: Change["action"], extra: Partial<Change> = {}): Change => ({
  id,
  action,
  kind: "redirect",
  address: `redirect /${id}`,
  fields: [],
  calls: [],
  ...extra,
});

const planOf = (changes: Change[]): Plan => ({
  format: "docsync-plan",
  version: 2,
  organization: "org_acme",
  changes,
  calls: [],
  warnings: [],
  summary: { create: 0, update: 0, replace: 0, move: 0, delete: 0 },
});

const BLOCKED = "protected (protect: true), but type cannot change in place: it would need a replacement";

describe("planRefusals", () => {
  const destroys = planOf([change("a", "delete"), change("b", "replace"), change("c", "update")]);

  it("counts deletes and replacements against policy.maxDestroy, at the limit allowed", () => {
    expect(planRefusals(destroys, { maxDestroy: 2, allowDestroy: false })).toEqual([]);
    expect(planRefusals(destroys, { allowDestroy: false })).toEqual([]);
    expect(planRefusals(destroys, { maxDestroy: 1, allowDestroy: true })).toEqual([]);
    expect(planRefusals(destroys, { maxDestroy: 1, allowDestroy: false })).toEqual([
      {
        code: "plan.max-destroy",
        rule: "policy.maxDestroy",
        message: "The plan deletes or replaces 2 items, more than policy.maxDestroy (1).",
        fix: "Check the plan, then, if it is what you want, rerun with --allow-destroy (given to plan --out, the saved plan carries it), or raise policy.maxDestroy to 2 or more.",
        addresses: ["redirect /a", "redirect /b"],
        count: 2,
        limit: 1,
      },
    ]);
  });

  it("names each change protect: true forbids, which no flag allows and maxDestroy does not count", () => {
    const plan = planOf([change("a", "delete"), change("f", "replace", { blocked: BLOCKED })]);
    expect(planRefusals(plan, { maxDestroy: 1, allowDestroy: true })).toEqual([
      {
        code: "plan.protected",
        rule: "protect",
        message: "The configuration needs changes that protect: true forbids:",
        details: [`redirect /f: ${BLOCKED}`],
        fix: "Remove protect: true from the item to allow it, or change the configuration back.",
        addresses: ["redirect /f"],
      },
    ]);
    expect(planRefusals(plan, { maxDestroy: 1, allowDestroy: false })).toHaveLength(1);
  });

  it("apply stops with the first one's code and its words, the items one a line", () => {
    const plan = planOf([
      change("a", "delete"),
      change("b", "delete"),
      change("f", "replace", { blocked: BLOCKED }),
    ]);
    expect(() => checkRefusals(plan, { maxDestroy: 1, allowDestroy: false })).toThrow(
      expect.objectContaining({
        code: "plan.protected",
        exitCode: 1,
        message: `The configuration needs changes that protect: true forbids:\n  redirect /f: ${BLOCKED}\nRemove protect: true from the item to allow it, or change the configuration back.`,
      }),
    );
    const [, maxDestroy] = planRefusals(plan, { maxDestroy: 1, allowDestroy: false });
    expect(refusalError(maxDestroy!).message).toMatch(
      /^The plan deletes or replaces 2 items, more than policy\.maxDestroy \(1\)\. Check the plan/,
    );
    expect(() =>
      checkRefusals(planOf([change("a", "delete")]), { maxDestroy: 1, allowDestroy: false }),
    ).not.toThrow();
  });
});

describe("the banner", () => {
  it("is absent from a plan apply makes, in every format", () => {
    const plan = { ...planOf([change("a", "delete")]), refusals: [] };
    expect(refusalTextLines(plan, plainStyle)).toEqual([]);
    expect(refusalMarkdownLines(plan)).toEqual([]);
    expect(refusalHtml(plan)).toBe("");
    expect(refusedHeadline(plan)).toBeUndefined();
  });

  it("escapes what the configuration names, in Markdown and HTML", () => {
    const evil = change("x", "replace", { address: 'custom field "<b>*x*</b>"', blocked: BLOCKED });
    const plan = planOf([evil]);
    const shown = { ...plan, refusals: planRefusals(plan, { allowDestroy: false }) };
    expect(refusalHtml(shown)).toContain("custom field &quot;&lt;b&gt;*x*&lt;/b&gt;&quot;");
    expect(refusalHtml(shown)).not.toContain("<b>*x*");
    expect(refusalMarkdownLines(shown).join("\n")).toContain('`"<b>*x*</b>"`');
  });
});
