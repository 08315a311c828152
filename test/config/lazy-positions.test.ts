// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// Positions are computed only when a message needs one: validating and planning a configuration
// without error (every example, and a list of redirects long enough to be validated in pieces and
// planned in many batches) reads no file's positions, while an error or a note that prints where
// an item was written computes them for its file, at its exact place.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PIECE } from "../../src/config/schema-pieces.ts";
import { positionsComputed } from "../../src/config/yaml-positions.ts";
import { placeOf } from "../../src/model/desired.ts";
import { escapeRegExp } from "../../src/secrets/pattern.ts";
import { CONFIGURATION_EXAMPLES } from "../support/examples.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { load, loadErrors, yaml } from "./helpers.ts";

const EXAMPLES = CONFIGURATION_EXAMPLES;
/** Redirects past every size at which loading or planning changes its course: more than two
 * pieces of the schema's validation (the last one partial), a file far past the first part that
 * positions are looked up in, creates in 50 batches. What 100,000 would find, at a quarter of
 * the cost. */
const REDIRECTS = 2.5 * PIECE;

/** One site with ten sections and `count` redirects to them, one redirect a line. */
function redirects(count: number): string {
  const lines = ["version: 1", "organization: ${DOCSYNC_ORG}", "spaces:", "  guides: spc_guides"];
  lines.push("sites:", "  - title: Docs", "    sections:");
  for (let n = 0; n < 10; n++)
    lines.push(`      - { path: s${n}, title: S${n}, siteSpaces: [{ space: guides, path: v${n} }] }`);
  lines.push("    redirects:");
  for (let n = 0; n < count; n++)
    lines.push(`      - source: /old/page-${n}`, `        to: { section: s${n % 10} }`);
  return `${lines.join("\n")}\n`;
}

describe("positions", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
  });
  afterEach(() => h.close());

  it("are not computed when every example is validated and planned", async () => {
    const before = positionsComputed();
    for (const example of EXAMPLES) {
      expect((await h.run(["validate", "-c", example])).code).toBe(0);
      expect((await h.run(["plan", "-c", example, "--detailed-exitcode"])).code).toBe(2);
    }
    expect(positionsComputed()).toBe(before);
  });

  it(`are not computed when ${REDIRECTS.toLocaleString("en-US")} redirects are validated and planned`, {
    timeout: 120_000,
  }, async () => {
    const file = await h.config(redirects(REDIRECTS));
    const before = positionsComputed();
    expect((await h.run(["validate", "-c", file])).code).toBe(0);
    // The text plan: its summary counts the redirects, without the JSON plan's many megabytes.
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.code).toBe(0);
    const count = (n: number) => n.toLocaleString("en-US");
    const summary = `Plan: ${count(REDIRECTS + 21)} to create (${count(REDIRECTS)} redirects, 10 sections, 10 site spaces, 1 site)`;
    expect(plan.stdout).toMatch(new RegExp(`^${escapeRegExp(summary)}`, "m"));
    expect(positionsComputed()).toBe(before);
  });
});

describe("a location", () => {
  it("computes its file's positions when its line is first read, once for the file", async () => {
    const state = await load({
      "a.yaml": yaml("version: 1", "organization: org_1", "teams:", "  - title: A", "  -   title: B"),
    });
    const [first, second] = state.teams ?? [];
    const before = positionsComputed();
    expect(first?.at.file).toBe("a.yaml");
    expect(positionsComputed()).toBe(before);
    expect(placeOf(first!.at)).toBe("a.yaml:4:5");
    expect(placeOf(second!.at)).toBe("a.yaml:5:7");
    expect(positionsComputed()).toBe(before + 1);
    expect({ ...second?.at }).toEqual({ file: "a.yaml", line: 5, column: 7 });
    expect(JSON.parse(JSON.stringify(second?.at))).toEqual({ file: "a.yaml", line: 5, column: 7 });
  });

  it("is copied with its item without computing anything", async () => {
    const state = await load({
      "a.yaml": yaml("version: 1", "organization: org_1", "teams: [{ title: A }]"),
    });
    const before = positionsComputed();
    const copy = { ...state.teams?.[0] };
    expect(copy.at).toBe(state.teams?.[0]?.at);
    expect(positionsComputed()).toBe(before);
  });

  it("of an error is exact whether the file's lines end in LF or CRLF", async () => {
    for (const newline of ["\n", "\r\n"]) {
      const text = ["version: 1", "organization: org_1", "teams:", "  - title: A", "    bogus: 1", ""].join(
        newline,
      );
      expect(await loadErrors({ "a.yaml": text })).toBe(
        'a.yaml:5:5: teams[0].bogus: unknown key "bogus"\n1 error in 1 file.',
      );
    }
  });
});
