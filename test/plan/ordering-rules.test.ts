// The order rules of a navigation, one example each: new items are created in configuration
// order (the API appends each at the end), and the moves follow every create of their container
// and each other, so that each anchor stands where the move expects it.

import { describe, expect, it } from "vitest";
import { callNames, waitsFor } from "../support/plan-edges.ts";
import { docsPlan, liveSection, liveSiteSpace, section } from "./builders.ts";

const sectionAt = (path: string) => `site "Docs" › section "${path}"`;
const live = (paths: string[]) =>
  paths.map((path, i) =>
    liveSection(`sec_${path}`, path, `Section ${path}`, [
      liveSiteSpace(`ss_${i}`, "guides", "guides", i === 0),
    ]),
  );
const configured = (paths: string[]) => paths.map((path) => section(path, `Section ${path}`, ["guides"]));

describe("the order of a navigation's calls", () => {
  it("creates new sections in configuration order, each after the one before", () => {
    const plan = docsPlan(
      { sections: configured(["x", "a", "b", "c"]), sectionGroups: [] },
      { sections: live(["x"]) },
    );
    expect(waitsFor(plan, `${sectionAt("a")}: create section`)).toEqual([]);
    expect(waitsFor(plan, `${sectionAt("b")}: create section`)).toEqual([
      `${sectionAt("a")}: create section`,
    ]);
    expect(waitsFor(plan, `${sectionAt("c")}: create section`)).toEqual([
      `${sectionAt("a")}: create section`,
      `${sectionAt("b")}: create section`,
    ]);
  });

  it("moves after every create of the container, and each move after the one before", () => {
    // a b c d e → e d a b c f: a b c stay; e goes before a, d after e; f is created at the end.
    const plan = docsPlan(
      { sections: configured(["e", "d", "a", "b", "c", "f"]), sectionGroups: [] },
      { sections: live(["a", "b", "c", "d", "e"]) },
    );
    const moves = callNames(plan).filter((name) => name.endsWith(": move section"));
    expect(moves).toEqual([`${sectionAt("e")}: move section`, `${sectionAt("d")}: move section`]);
    expect(plan.calls[callNames(plan).indexOf(moves[0]!)]!.body).toEqual({
      position: { before: { type: "site-section", siteSection: "sec_a" } },
    });
    expect(plan.calls[callNames(plan).indexOf(moves[1]!)]!.body).toEqual({
      position: { after: { type: "site-section", siteSection: "sec_e" } },
    });
    expect(waitsFor(plan, moves[0]!)).toEqual([`${sectionAt("f")}: create section`]);
    expect(waitsFor(plan, moves[1]!)).toEqual([moves[0]!, `${sectionAt("f")}: create section`].sort());
  });
});
