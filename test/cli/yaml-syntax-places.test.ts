// A YAML syntax error names each place once: the file:line:col before the message is where the
// mistake is, and the message names another line only when it points somewhere else (the line to
// indent like, where a key or an anchor was first written).

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docsync } from "../support/cli.ts";

const HEAD = ["version: 1", "organization: org_1"];

/** What `docsync validate` prints on the error stream for a file of these lines. */
async function validate(dir: string, lines: string[]): Promise<string> {
  const file = join(dir, "docsync.yaml");
  await writeFile(file, [...HEAD, ...lines, ""].join("\n"));
  const run = await docsync(["validate", "-c", file]);
  expect(run.code).toBe(1);
  return run.stderr.replace(`Error: ${dir}/`, "").replace(/\n1 error in 1 file\.\n$/, "");
}

/** The lines a message names, besides the one its place names. */
const namedLines = (message: string): string[] => [...message.matchAll(/line \d+/g)].map((m) => m[0]);

describe("a YAML syntax error's places", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsync-yaml-places-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("names once the line whose '-' and key set the indentations a stray key may have", async () => {
    const message = await validate(dir, ["sites:", "  - title: Docs", "   visibility: public"]);
    expect(message).toBe(
      'docsync.yaml:5:4: this line is indented 3 spaces, like no line it may belong to: indent it like the "-" (2 spaces) or the "title" (4 spaces) of line 4',
    );
    expect(namedLines(message)).toEqual(["line 4"]);
  });

  it("names each of two different lines a stray key may be indented like", async () => {
    const message = await validate(dir, ["settings:", "  a: 1", " b: 2"]);
    expect(message).toBe(
      "docsync.yaml:5:2: this line is indented 1 space, like no line it may belong to: indent it as line 3 (0 spaces) or as line 4 (2 spaces)",
    );
  });

  it("calls a tab in the indentation a tab, not a number of spaces", async () => {
    const message = await validate(dir, ["settings:", "  a: 1", "\tb: 2"]);
    expect(message).toBe("docsync.yaml:5:1: a tab indents this line: YAML indents with spaces only");
  });

  it("does not tell to quote a list item that is out of place as though it were a value", async () => {
    const message = await validate(dir, [
      "sites:",
      "  - title: Docs",
      "    sections:",
      "     - path: a",
      "    - path: b",
    ]);
    expect(message).toMatch(/^docsync\.yaml:7:1: /);
    expect(message).not.toContain("quote the value");
  });

  it("places a duplicate key's first writing by its column when it is on the same line", async () => {
    expect(await validate(dir, ["settings: {a: 1, a: 2}"])).toBe(
      'docsync.yaml:3:18: settings: duplicate key "a" (first at column 12)',
    );
    expect(await validate(dir, ["settings:", "  a: 1", "  a: 2"])).toBe(
      'docsync.yaml:5:3: settings: duplicate key "a" (first at line 4)',
    );
  });

  it("places an anchor that holds its own alias by its line only when that is another line", async () => {
    expect(await validate(dir, ["teams: &t [*t]"])).toBe(
      'docsync.yaml:3:12: teams[0]: alias "*t" is inside the value of its own anchor "&t" (column 8): the value would hold itself; write it out, or move the anchor',
    );
    const message = await validate(dir, ["teams:", "  - &t", "    - *t"]);
    expect(message).toBe(
      'docsync.yaml:5:7: teams[0][0]: alias "*t" is inside the value of its own anchor "&t" (line 4): the value would hold itself; write it out, or move the anchor',
    );
  });
});
