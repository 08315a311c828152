import { load as jsYaml } from "js-yaml";
import { describe, expect, it } from "vitest";
import { ownAnchorWindow } from "../../src/config/own-anchor-window.ts";
import { loadErrors, yaml } from "./helpers.ts";

/** The window's text, or undefined when the whole file is to be read. */
const windowOf = (text: string) => ownAnchorWindow(text, jsYaml(text))?.positions.text;

describe("the window an alias inside its own anchor is looked for in", () => {
  it("starts at the top-level key holding the first anchor named by a later alias", () => {
    const head = "version: 1\npolicy:\n  a: 1\n  b: &b [2]\n";
    expect(windowOf(`${head}teams: &t [*t]\n`)).toBe("teams: &t [*t]\n");
    expect(windowOf(`${head}x:\n  &a\n  b: [1, { c: *a }]\n`)).toBe("x:\n  &a\n  b: [1, { c: *a }]\n");
    // An alias of an earlier anchor: the window holds that anchor too.
    expect(windowOf(`${head}c: [*b]\nteams: &t [*t]\n`)).toBe(
      `policy:\n  a: 1\n  b: &b [2]\nc: [*b]\nteams: &t [*t]\n`,
    );
  });

  it("is the whole file when the window would not read as the file's own top-level keys", () => {
    const cycle = (text: string) => ({ text, value: { version: 1, teams: [] as unknown[] } });
    // Inside a flow list written over lines: the window reads with an error.
    const { text, value } = cycle("version: 1\nteams: [\n&t [*t]\n]\n");
    expect(ownAnchorWindow(text, value)).toBeUndefined();
    // The first line: the window would be the file.
    expect(windowOf("teams: &t [*t]\n")).toBeUndefined();
    // A file that is a list, and a key the file's value does not hold.
    expect(ownAnchorWindow("- 1\n- &t [*t]\n", [1, []])).toBeUndefined();
    expect(ownAnchorWindow("version: 1\nteams: &t [*t]\n", { version: 1 })).toBeUndefined();
  });

  it("gives the messages and places the whole file's reading gives", async () => {
    const head = ["version: 1", "organization: org_1", "policy:", "  a: 1"];
    expect(await loadErrors({ "a.yaml": yaml(...head, "teams: &t [*t, [*t]]") })).toBe(
      [
        'a.yaml:5:12: teams[0]: alias "*t" is inside the value of its own anchor "&t" (column 8): the value would hold itself; write it out, or move the anchor',
        'a.yaml:5:17: teams[1][0]: alias "*t" is inside the value of its own anchor "&t" (column 8): the value would hold itself; write it out, or move the anchor',
        "2 errors in 1 file.",
      ].join("\n"),
    );
    expect(await loadErrors({ "a.yaml": yaml(...head, "teams: [", "  &t [*t]", "]") })).toBe(
      'a.yaml:6:7: teams[0][0]: alias "*t" is inside the value of its own anchor "&t" (column 3): the value would hold itself; write it out, or move the anchor\n1 error in 1 file.',
    );
  });
});
