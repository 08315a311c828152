// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// Configuration files are UTF-8: anything else stops at its first byte that is not, by offset,
// line and column, with a hint for UTF-16 and Latin-1. Control characters other than tabs and
// line breaks are refused in the file and in every value, however they were written.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docsync } from "../support/cli.ts";
import { load, loadErrors, writeTree, yaml } from "./helpers.ts";

const head = ["version: 1", "organization: org_1"];

/** Writes `bytes` as a.yaml in a fresh folder and runs `docsync validate` on it. */
async function validate(bytes: Uint8Array) {
  const root = writeTree({});
  writeFileSync(join(root, "a.yaml"), bytes);
  const result = await docsync(["validate", "-c", join(root, "a.yaml")]);
  return { ...result, stderr: result.stderr.replaceAll(root, "ROOT") };
}

const utf8 = (text: string) => Buffer.from(text, "utf8");
const latin1 = (text: string) => Buffer.from(text, "latin1");
const utf16le = (text: string) => Buffer.from(text, "utf16le");
const utf16be = (text: string) => Buffer.from(text, "utf16le").swap16();

describe("a configuration file that is not UTF-8", () => {
  it("in Latin-1 stops validate with exit 1 at its first byte that is not UTF-8, with a hint", async () => {
    const result = await validate(latin1(yaml(...head, "teams:", "  - title: Équipe rédaction")));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    // "version: 1\norganization: org_1\nteams:\n  - title: " is 49 bytes.
    expect(result.stderr).toBe(
      [
        'Error: ROOT/a.yaml:4:12: the file is not UTF-8: byte 49 (0xC9) starts no UTF-8 character; it looks like Latin-1 or Windows-1252, where that byte is "É"; save it as UTF-8',
        "1 error in 1 file.",
        "",
      ].join("\n"),
    );
  });

  it("counts lines and columns in characters, with CRLF line endings and UTF-8 before the byte", async () => {
    const bytes = Buffer.concat([
      utf8("version: 1\r\norganization: org_1\r\n# Café\r\n# été "),
      latin1("ü\r\n"),
    ]);
    const result = await validate(bytes);
    expect(result.stderr.split("\n")[0]).toBe(
      `Error: ROOT/a.yaml:4:7: the file is not UTF-8: byte ${bytes.length - 3} (0xFC) starts no UTF-8 character; it looks like Latin-1 or Windows-1252, where that byte is "ü"; save it as UTF-8`,
    );
  });

  it("names the first malformed sequence: overlong, a surrogate, cut short, or a stray continuation", async () => {
    for (const [bad, at] of [
      [[0xc0, 0x80], 0],
      [[0xed, 0xa0, 0x80], 0],
      [[0xe2, 0x82], 0],
      [[0x41, 0x80], 1],
      [[0xf4, 0x90, 0x80, 0x80], 0],
    ] as const) {
      const prefix = utf8("version: 1\n# ");
      const result = await validate(Buffer.concat([prefix, Uint8Array.from(bad), utf8("\n")]));
      expect(result.stderr).toMatch(
        new RegExp(
          `^Error: ROOT/a\\.yaml:2:${3 + at}: the file is not UTF-8: byte ${prefix.length + at} \\(0x`,
        ),
      );
    }
  });

  it("in UTF-16, little or big endian, with or without a byte order mark, is said to look like UTF-16", async () => {
    const text = yaml(...head);
    const cases: [Uint8Array, string][] = [
      [
        Buffer.concat([Uint8Array.of(0xff, 0xfe), utf16le(text)]),
        "1:1: the file is not UTF-8: byte 0 starts a UTF-16 byte order mark; it looks like UTF-16 (LE)",
      ],
      [
        Buffer.concat([Uint8Array.of(0xfe, 0xff), utf16be(text)]),
        "1:1: the file is not UTF-8: byte 0 starts a UTF-16 byte order mark; it looks like UTF-16 (BE)",
      ],
      [utf16le(text), "1:2: the file is not UTF-8: byte 1 is a NUL; it looks like UTF-16 (LE)"],
      [utf16be(text), "1:1: the file is not UTF-8: byte 0 is a NUL; it looks like UTF-16 (BE)"],
    ];
    for (const [bytes, message] of cases) {
      const result = await validate(bytes);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Error: ROOT/a.yaml:${message}; save it as UTF-8\n1 error in 1 file.\n`);
    }
  });

  it("is fine with a UTF-8 byte order mark, and places errors after it", async () => {
    const result = await validate(utf8(`\ufeff${yaml(...head, "teams: [{ title: Équipe, size: 3 }]")}`));
    expect(result.stderr).toBe(
      'Error: ROOT/a.yaml:3:26: teams[0].size: unknown key "size"\n1 error in 1 file.\n',
    );
    const state = await load({ "a.yaml": `\ufeff${yaml(...head, "teams: [{ title: Équipe }]")}` });
    expect(state.teams?.map((team) => team.title)).toEqual(["Équipe"]);
  });

  it("read through ${file:...} is an error at the value that reads it", async () => {
    const root = writeTree({
      "a.yaml": yaml(...head, "teams:", "  - title: ${file:names/team.txt}"),
      "names/team.txt": "",
    });
    writeFileSync(join(root, "names", "team.txt"), latin1("Équipe\n"));
    const result = await docsync(["validate", "-c", join(root, "a.yaml")]);
    expect(result.code).toBe(1);
    expect(result.stderr.replaceAll(root, "ROOT")).toBe(
      'Error: ROOT/a.yaml:4:12: teams[0].title: file "names/team.txt" (ROOT/names/team.txt) is not UTF-8 at line 1, column 1: byte 0 (0xC9) starts no UTF-8 character; it looks like Latin-1 or Windows-1252, where that byte is "É"; save it as UTF-8\n1 error in 1 file.\n',
    );
  });
});

describe("control characters", () => {
  it("written into a file (a NUL byte in a title) are an error at their line and column", async () => {
    const result = await validate(utf8(yaml(...head, "teams:", "  - title: Wri\u0000ters")));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "Error: ROOT/a.yaml:4:15: the control character \\x00 is not allowed in a configuration file\n1 error in 1 file.\n",
    );
  });

  it("in a name or title, through an escape, a variable or a file, are an error at the value", async () => {
    const message = await loadErrors(
      {
        "a.yaml": yaml(
          ...head,
          "spaces: { hb: spc_1 }",
          "teams:",
          '  - title: "Wri\\0ters"',
          "  - title: ${TEAM}",
          "  - title: ${file:team.txt}",
          "customFields:",
          '  - { name: owner, type: text, title: "Own\\x1b[2Jer" }',
          "sites:",
          '  - title: "Docs\\u0085"',
          '    sections: [{ path: a, title: "\\x7fA", siteSpaces: [{ space: hb, path: x }] }]',
        ),
        "team.txt": "Edi\u0007tors\n",
      },
      ["a.yaml"],
      { TEAM: "Rev\u001biewers" },
    );
    const rest = "text may hold tabs and line breaks, but no other control character";
    expect(message).toBe(
      [
        `a.yaml:5:12: teams[0].title: holds a control character (\\x00 at character 4); ${rest}`,
        `a.yaml:6:12: teams[1].title: holds a control character (\\x1b at character 4); ${rest}`,
        `a.yaml:7:12: teams[2].title: holds a control character (\\x07 at character 4); ${rest}`,
        `a.yaml:9:39: customFields[0].title: holds a control character (\\x1b at character 4); ${rest}`,
        `a.yaml:11:12: sites[0].title: holds a control character (\\x85 at character 5); ${rest}`,
        `a.yaml:12:34: sites[0].sections[0].title: holds a control character (\\x7f at character 1); ${rest}`,
        "6 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("other than tabs and line breaks; those are fine", async () => {
    const state = await load(
      { "a.yaml": yaml(...head, "teams:", '  - title: "Writers\\tand\\r\\neditors"', "  - title: ${T}") },
      undefined,
      { T: "Re\tviewers" },
    );
    expect(state.teams?.map((team) => team.title)).toEqual(["Writers\tand\r\neditors", "Re\tviewers"]);
  });
});
