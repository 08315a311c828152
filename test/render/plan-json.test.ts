// The plan's JSON text (`plan --format json`, plan files): the same value as JSON.stringify gives,
// with each change and each call on a line of its own, on a plan with a bulk call, references
// to a new section and fields JSON leaves out.

import { describe, expect, it } from "vitest";
import type { DesiredState } from "../../src/config/types.ts";
import type { LiveState } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";
import { planJson } from "../../src/render/plan-json.ts";

const at = { file: "docsync.yaml", line: 1, column: 1 };
const siteSpaces = [{ at, spaceId: "spc_guides", spaceName: "guides", path: "guides" }];

/** A site with a live section "a" and a new one "b", 6 new redirects to each, 3 live ones gone. */
function redirectsPlan() {
  const desired: DesiredState = {
    files: ["docsync.yaml"],
    organization: "org_acme",
    spaces: { guides: "spc_guides" },
    policy: { prune: ["redirects"] },
    sensitiveValues: [],
    sites: [
      {
        at,
        title: "Docs",
        sections: [
          { at, path: "a", title: "A", siteSpaces },
          { at, path: "b", title: "B", siteSpaces },
        ],
        redirects: Array.from({ length: 12 }, (_, n) => ({
          at,
          source: `/new/${n}`,
          destination: { kind: "site-section" as const, sectionPath: n % 2 === 0 ? "a" : "b" },
        })),
      },
    ],
  };
  const section = { id: "sec_a", path: "a", title: "A", siteSpaces: [] };
  const live: LiveState = {
    item: { id: "org_acme" },
    children: {
      site: [
        {
          item: { id: "site_1", title: "Docs", type: "basic", visibility: "public" },
          children: {
            section: [
              {
                item: {
                  ...section,
                  siteSpaces: [{ id: "ss_a", path: "guides", space: { id: "spc_guides" } }],
                },
                children: {
                  "site space": [
                    { item: { id: "ss_a", path: "guides", space: { id: "spc_guides" } }, children: {} },
                  ],
                },
              },
            ],
            redirect: Array.from({ length: 3 }, (_, n) => ({
              item: {
                id: `red_${n}`,
                source: `/old/${n}`,
                destination: { kind: "site-section", siteSectionId: "sec_a" },
              },
              children: {},
            })),
          },
        },
      ],
    },
  };
  return buildPlan(desired, live);
}

describe("the plan's JSON text", () => {
  const plan = redirectsPlan();
  const text = planJson(plan);

  it("is the plan's JSON value", () => {
    // The plan holds references to the new section (read through their toJSON) and a bulk call.
    expect(plan.calls.some((call) => call.batch !== undefined)).toBe(true);
    expect(text).toContain('"idOf"');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(plan)));
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("writes each change and each call on a line of its own, the rest indented", () => {
    const lines = text.split("\n");
    const own = (prefix: string) => lines.filter((line) => line.startsWith(`    {"id":"${prefix}`));
    expect(own("c").map((line) => JSON.parse(line.replace(/,$/, "")).id)).toEqual(
      plan.changes.map((change) => change.id),
    );
    expect(own("k").map((line) => JSON.parse(line.replace(/,$/, "")).id)).toEqual(
      plan.calls.map((call) => call.id),
    );
    expect(lines[0]).toBe("{");
    expect(lines).toContain('  "format": "docsync-plan",');
    expect(lines).toContain('  "summary": {');
    expect(text.length).toBeLessThan(JSON.stringify(plan, null, 2).length * 0.7);
  });

  it("leaves out what JSON leaves out, and writes empty lists as JSON does", () => {
    const value = { format: "docsync-plan", gone: undefined, changes: [], calls: [undefined], warnings: [] };
    const written = planJson(value);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(value)));
    expect(written).not.toContain("gone");
    expect(written).toContain('"changes": []');
    expect(planJson({})).toBe("{}\n");
  });
});
