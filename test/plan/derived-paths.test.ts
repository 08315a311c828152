// Two new sections whose titles derive each other's paths: the API creates "Guides" at path
// guides and "Docs" at path docs, and the configuration wants them the other way round. Each
// configure waits for the path the other holds: one of them must go by a temporary path first.

import { describe, expect, it } from "vitest";
import { callNames, waitsFor } from "../support/plan-edges.ts";
import { docsPlan, section } from "./builders.ts";

const sectionAt = (path: string) => `site "Docs" › section "${path}"`;

describe("two new sections whose titles derive each other's paths", () => {
  const plan = docsPlan(
    {
      sections: [section("docs", "Guides", ["guides"]), section("guides", "Docs", ["api"])],
      sectionGroups: [],
    },
    {},
  );
  const temporary = `${sectionAt("docs")}: move section to a temporary path`;

  it("moves the first to a temporary path once made, and the second takes its path after that", () => {
    expect(callNames(plan)).toContain(temporary);
    const call = plan.calls[callNames(plan).indexOf(temporary)]!;
    expect(call.method).toBe("PATCH");
    expect(call.body).toEqual({ path: expect.stringMatching(/^docsync-swap-new-[0-9a-f]{8}$/) });
    expect(waitsFor(plan, temporary)).toEqual([`${sectionAt("docs")}: create section`]);
    expect(waitsFor(plan, `${sectionAt("guides")}: configure section`)).toEqual([
      `${sectionAt("docs")}: create section`,
      temporary,
      `${sectionAt("guides")}: create section`,
    ]);
  });

  it("gives the first its own path only once the second has left it", () => {
    expect(waitsFor(plan, `${sectionAt("docs")}: configure section`)).toEqual(
      expect.arrayContaining([temporary, `${sectionAt("guides")}: configure section`]),
    );
  });

  it("needs no temporary path when the titles derive paths nobody wants", () => {
    const plain = docsPlan(
      {
        sections: [section("docs", "Start", ["guides"]), section("guides", "More", ["api"])],
        sectionGroups: [],
      },
      {},
    );
    expect(callNames(plain).filter((name) => name.includes("temporary"))).toEqual([]);
  });
});
