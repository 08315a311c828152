// The plan's JSON text (`plan --format json`, plan files): the same value as JSON.stringify gives,
// with each change and each call on a line of its own, on a plan with a bulk call, references
// to a new section and fields JSON leaves out.

import { describe, expect, it } from "vitest";
import { buildPlan } from "../../src/plan/build.ts";
import { planJson } from "../../src/render/plan-json.ts";
import {
  at,
  desired,
  live,
  liveSection,
  liveSite,
  liveSiteSpace,
  node,
  section,
  site,
} from "../plan/builders.ts";

/** A site with a live section "a" and a new one "b", 6 new redirects to each, 3 live ones gone. */
function redirectsPlan() {
  const configured = {
    sections: [section("a", "A", ["guides"]), section("b", "B", ["guides"])],
    redirects: Array.from({ length: 12 }, (_, n) => ({
      at,
      source: `/new/${n}`,
      destination: { kind: "site-section" as const, sectionPath: n % 2 === 0 ? "a" : "b" },
    })),
  };
  const gone = Array.from({ length: 3 }, (_, n) =>
    node({
      id: `red_${n}`,
      source: `/old/${n}`,
      destination: { kind: "site-section", siteSectionId: "sec_a" },
    }),
  );
  return buildPlan(
    desired({ policy: { prune: ["redirects"] }, sites: [site("Docs", configured)] }),
    live({
      site: [
        liveSite("site_1", "Docs", {
          sections: [liveSection("sec_a", "a", "A", [liveSiteSpace("ss_a", "guides", "guides")])],
          redirects: gone,
        }),
      ],
    }),
  );
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
