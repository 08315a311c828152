// Whatever bytes a configuration file holds, validate ends with exit code 0, or 1 and messages
// that name the file, a line and a column; never an internal error or a stack trace. The files
// are generated: configurations with anchors, aliases and merge keys (some inside their own
// anchor), then broken by a line moved in or out, a stray bracket, quote or colon, and written
// with a byte order mark, as UTF-16, with a Latin-1 byte or with CRLF line endings.
// DOCSYNC_TEST_SEED replays another seed than the fixed one.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { docsync } from "../support/cli.ts";

const SEED = process.env.DOCSYNC_TEST_SEED ? Number(process.env.DOCSYNC_TEST_SEED) : 20261128;
const RUNS = 100;

/** Lines of a configuration, with anchors (&a, &b) and the aliases and merge keys that use them. */
const configuration = fc
  .record({
    spaces: fc.integer({ min: 0, max: 3 }),
    teams: fc.array(fc.constantFrom("Writers", "Editors", "Release: notes", "&t Team", "*t"), {
      maxLength: 3,
    }),
    anchored: fc.constantFrom(
      ["- &a { space: s0, path: p }"],
      ["- &a", "  space: s0", "  path: p"],
      ["- &a { space: s0, path: p, b: *a }"],
      ["- &a [*a]"],
      ["- &a", "  <<: *a", "  space: s0", "  path: p"],
      ["- &b { space: s1, path: &a [*b] }"],
      ["- <<: &a { space: s0 }", "  path: &b p"],
      [],
    ),
    siteSpaces: fc.array(
      fc.constantFrom("*a", "{ <<: *a, path: q }", "{ space: s1, path: r }", "{ <<: [*a, *b] }", "*b"),
      { maxLength: 3 },
    ),
    redirects: fc.array(fc.constantFrom("{ source: /x, to: { section: s } }", "*a", "{ source: /y }"), {
      maxLength: 2,
    }),
  })
  .map(({ spaces, teams, anchored, siteSpaces, redirects }) => {
    const lines = ["version: 1", "organization: org_1"];
    if (spaces > 0) lines.push("spaces:", ...Array.from({ length: spaces }, (_, n) => `  s${n}: spc_${n}`));
    if (teams.length > 0) lines.push("teams:", ...teams.map((title) => `  - title: ${title}`));
    lines.push("sites:", "  - title: Docs");
    const items = [...anchored, ...siteSpaces.map((s) => `- ${s}`)];
    if (items.length > 0) lines.push("    siteSpaces:", ...items.map((item) => `      ${item}`));
    if (redirects.length > 0) lines.push("    redirects:", ...redirects.map((r) => `      - ${r}`));
    return lines;
  });

/** What breaks the lines: a line moved in or out, a character put in. */
interface Breakage {
  line: number;
  indent: number;
  insert: string | undefined;
  at: number;
}
const breakage: fc.Arbitrary<Breakage> = fc.record({
  line: fc.nat(),
  indent: fc.integer({ min: -3, max: 3 }),
  insert: fc.option(
    fc.constantFrom("[", "{", '"', "'", ": ", "&a ", "*a", "*nope", "<<: *a", "\t", "- ", "---\n"),
    {
      nil: undefined,
    },
  ),
  at: fc.nat(),
});

/** How the text becomes bytes. */
const encoding = fc.constantFrom("utf8", "bom", "utf16le", "utf16be", "latin1", "crlf");

function broken(lines: string[], { line, indent, insert, at }: Breakage): string {
  const out = [...lines];
  const index = line % out.length;
  let text = out[index] ?? "";
  text = indent >= 0 ? `${" ".repeat(indent)}${text}` : text.slice(Math.min(-indent, text.search(/\S|$/)));
  if (insert !== undefined) {
    const where = at % (text.length + 1);
    text = `${text.slice(0, where)}${insert}${text.slice(where)}`;
  }
  out[index] = text;
  return `${out.join("\n")}\n`;
}

function bytes(text: string, how: string): Buffer {
  switch (how) {
    case "bom":
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    case "utf16le":
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    case "utf16be":
      return Buffer.from(text, "utf16le").swap16();
    case "latin1":
      return Buffer.from(text.replace("Docs", "Docs \u00e9"), "latin1");
    case "crlf":
      return Buffer.from(text.replace(/\n/g, "\r\n"));
    default:
      return Buffer.from(text);
  }
}

describe("any configuration file", () => {
  const dir = mkdtempSync(join(tmpdir(), "docsync-hostile-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is valid, or refused with located messages: never an internal error", {
    timeout: 120_000,
  }, async () => {
    const file = join(dir, "docsync.yaml");
    const located = new RegExp(`^Error: ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:\\d+:\\d+: `);
    await fc.assert(
      fc.asyncProperty(
        configuration,
        fc.option(breakage, { nil: undefined }),
        encoding,
        async (lines, how, enc) => {
          const text = how === undefined ? `${lines.join("\n")}\n` : broken(lines, how);
          writeFileSync(file, bytes(text, enc));
          const run = await docsync(["validate", "-c", file]);
          expect(run.stderr).not.toMatch(/Internal error|\n\s+at /);
          expect([0, 1]).toContain(run.code);
          if (run.code === 1) expect(run.stderr).toMatch(located);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
