// Large or odd input: huge numbers of errors, control characters in keys, values and file
// names, deep nesting, and configurations over the size limit.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { escapeControl } from "../../src/config/diagnostics.ts";
import { EXPLAINED_WHOLE } from "../../src/config/yaml-parse.ts";
import { positionsComputed } from "../../src/config/yaml-positions.ts";
import { DocsyncError } from "../../src/errors.ts";
import { docsync } from "../support/cli.ts";
import { load, loadErrors, writeTree, yaml } from "./helpers.ts";

const head = ["version: 1", "organization: org_1"];
/** Parsing 100,000 list items takes seconds on a busy machine: room enough, not a time limit. */
const LARGE = { timeout: 120_000 };

describe("a configuration with more than 100,000 errors", () => {
  it(
    "prints the first 50 in file order, the last with a count of the rest, with exit code 1 and no stack trace",
    LARGE,
    async () => {
      const count = 150_000;
      const root = writeTree({ "a.yaml": yaml(...head, `teams: [${Array(count).fill("1").join(", ")}]`) });
      const result = await docsync(["validate", "-c", join(root, "a.yaml")]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      const lines = result.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(51);
      expect(lines[0]).toBe(`Error: ${join(root, "a.yaml")}:3:9: teams[0]: must be a mapping (got a number)`);
      const shown = lines.slice(0, 50).map((line) => /teams\[(\d+)\]/.exec(line)?.[1]);
      expect(shown).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
      expect(lines[49]).toMatch(/\(and 149,950 more errors in this file, not listed\)$/);
      expect(lines[50]).toBe("50 errors in 1 file.");
      expect(result.stderr).not.toMatch(/Internal error|at .*\.ts:\d+/);
    },
  );

  it("explains a failed oneOf in each of 100,000 list items", LARGE, async () => {
    const count = 100_000;
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "sites:",
        "  - title: Docs",
        `    redirects: [${Array(count).fill("{source: /a}").join(",")}]`,
      ),
    });
    const lines = message.split("\n");
    expect(lines).toHaveLength(51);
    expect(lines[0]).toBe(
      'a.yaml:5:17: sites[0].redirects[0]: must have exactly one of "to" or "destination" (has neither)',
    );
    expect(lines[1]).toBe(
      'a.yaml:5:30: sites[0].redirects[1]: must have exactly one of "to" or "destination" (has neither)',
    );
    expect(lines.slice(-2)).toEqual([
      'a.yaml:5:654: sites[0].redirects[49]: must have exactly one of "to" or "destination" (has neither) (and 99,950 more errors in this file, not listed)',
      "50 errors in 1 file.",
    ]);
  });

  it("counts the errors of a mapping validated a piece at a time", LARGE, async () => {
    const keys = Array.from({ length: 25_000 }, (_, n) => `k${n}: ${n}`);
    const line = `policy: {maxDestroy: -1, ${keys.join(", ")}, prune: [nothing]}`;
    const message = await loadErrors({ "a.yaml": yaml(...head, line) });
    const lines = message.split("\n");
    // The first errors found are placed: the unknown keys, which the schema checks first.
    expect(lines[0]).toBe('a.yaml:3:26: policy.k0: unknown key "k0"');
    expect(lines.slice(-2)).toEqual([
      `a.yaml:3:${line.indexOf("k49:") + 1}: policy.k49: unknown key "k49" (and 24,952 more errors in this file, not listed)`,
      "50 errors in 1 file.",
    ]);
  });

  it("prints every error when there are 50 or fewer", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(...head, `teams: [${Array(50).fill("1").join(", ")}]`),
    });
    const lines = message.split("\n");
    expect(lines).toHaveLength(51);
    expect(lines[49]).toBe("a.yaml:3:156: teams[49]: must be a mapping (got a number)");
    expect(lines[50]).toBe("50 errors in 1 file.");
  });
});

describe("a file of over a megabyte that js-yaml refuses", () => {
  // 70,000 keys: past EXPLAINED_WHOLE, where the `yaml` package's reading of the whole file (which
  // names a repeat's path and first place) would hold a hundred times the file.
  const keys = Array.from({ length: 70_000 }, (_, n) => `  k${n}: ${n}`);
  // A tab in a comment leaves the file to js-yaml before the plain reader reads it.
  const tabbed = ["# a\tcomment", ...head, "policy:", ...keys];

  it(
    "is refused where js-yaml stopped: a repeated key by its name, at its line and column",
    LARGE,
    async () => {
      expect(Array.from({ length: 70_000 }, (_, n) => `  k${n}: ${n}\n`).join("").length).toBeGreaterThan(
        EXPLAINED_WHOLE,
      );
      const message = await loadErrors({ "a.yaml": yaml(...tabbed, '  "k0": 1') });
      expect(message).toBe(`a.yaml:${tabbed.length + 1}:3: duplicate key "k0"\n1 error in 1 file.`);
    },
  );

  it("is refused where js-yaml stopped, in its words, for a syntax error", LARGE, async () => {
    const message = await loadErrors({ "a.yaml": yaml(...tabbed, "teams: [a, b", "x: 1") });
    expect(message.split("\n")[0]).toMatch(new RegExp(`^a\\.yaml:${tabbed.length + 2}:1: invalid YAML: `));
  });

  it("is refused at the marker of its second document", LARGE, async () => {
    const message = await loadErrors({ "a.yaml": yaml(...tabbed, "---", ...head) });
    expect(message).toBe(
      `a.yaml:${tabbed.length + 1}:1: a configuration file holds one YAML document; move the one after '---' into a file of its own\n1 error in 1 file.`,
    );
    const marked = await loadErrors({
      "a.yaml": yaml("# a\tcomment", "---", ...tabbed.slice(1), "---", ...head),
    });
    expect(marked.split("\n")[0]).toMatch(
      new RegExp(`^a\\.yaml:${tabbed.length + 2}:1: a configuration file holds one`),
    );
  });

  it("of less than a megabyte is explained with the repeat's path and first place", async () => {
    const message = await loadErrors({ "a.yaml": yaml(...tabbed.slice(0, 1_000), "  k0: 1") });
    expect(message).toBe('a.yaml:1001:3: policy: duplicate key "k0" (first at line 5)\n1 error in 1 file.');
  });
});

describe("control characters", () => {
  it("are escaped in a key, so the diagnostic is one line and starts no terminal escape", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(...head, "teams:", "  - title: Writers", '    "mem\\nbers\\e[2J": []'),
    });
    expect(message).toBe(
      'a.yaml:5:5: teams[0]["mem\\nbers\\u001b[2J"]: unknown key "mem\\nbers\\x1b[2J"\n1 error in 1 file.',
    );
    expect(message).not.toContain("\u001b");
  });

  it("are escaped in a value, so the diagnostic is one line", async () => {
    // Line breaks, tabs, line separators and bidirectional overrides are text a value may hold
    // (other control characters are refused: encoding.test.ts); quoted, they are escaped.
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "teams:",
        '  - title: "Wri\\nters\\t\\u2028\\u202e"',
        '  - title: "Wri\\nters\\t\\u2028\\u202e"',
      ),
    });
    expect(message).toBe(
      [
        'a.yaml:5:12: teams[1].title: duplicate team title "Wri\\nters\\t\\u2028\\u202e" (first at line 4)',
        "1 error in 1 file.",
      ].join("\n"),
    );
  });

  it("are escaped in a file name", async () => {
    const message = await loadErrors({ "a.yaml": yaml(...head) }, ["a.yaml", "new\nline\u2028.yaml"]);
    expect(message).toBe("new\\nline\\u2028.yaml:1:1: no such file or folder\n1 error in 1 file.");
  });

  it("escapes C0, DEL, C1, line separators and bidirectional overrides, and leaves other text alone", () => {
    expect(escapeControl("a\tb\r\n\u0000\u007f\u0085\u009b\u2028\u2029\u202e\u2066 é ✓ \\ /")).toBe(
      "a\\tb\\r\\n\\x00\\x7f\\x85\\x9b\\u2028\\u2029\\u202e\\u2066 é ✓ \\ /",
    );
  });
});

describe("deep nesting", () => {
  it("is one error saying so, with the path shortened", async () => {
    const depth = 5000;
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "sites:",
        "  - title: Docs",
        "    redirects:",
        `      - { source: /a, destination: { kind: x, deep: ${"[".repeat(depth)}${"]".repeat(depth)} } }`,
      ),
    });
    const [first, count] = message.split("\n");
    expect(count).toBe("1 error in 1 file.");
    expect(first).toMatch(
      /^a\.yaml:6:\d+: sites\[0\]\.redirects\[0\]\.destination\.deep(\[0\]){10}…(\[0\]){16}: invalid YAML: nested too deeply$/,
    );
  });
});

describe("nesting too deep far into a file of over a megabyte", () => {
  it("is placed where js-yaml stopped, without reading the file again", LARGE, async () => {
    const keys = Array.from({ length: 70_000 }, (_, n) => `  k${n}: ${n}`);
    const deep = Array.from({ length: 101 }, (_, d) => `${"  ".repeat(d + 1)}${d === 0 ? "z" : "a"}:`);
    const lines = [...head, "policy:", ...keys, ...deep, `${"  ".repeat(102)}a: 1`];
    const before = positionsComputed();
    const message = await loadErrors({ "a.yaml": yaml(...lines) });
    // The `yaml` package's reading of the megabyte before it would hold a hundred times that.
    expect(positionsComputed()).toBe(before);
    // js-yaml stops at the key that opens the 101st level (the document is the first).
    const at = lines.indexOf(`${"  ".repeat(99)}a:`) + 1;
    expect(message).toBe(`a.yaml:${at}:199: invalid YAML: nested too deeply\n1 error in 1 file.`);
  });
});

describe("many aliases", () => {
  it("have their errors placed, each at the node its anchor names", LARGE, async () => {
    // Each alias is looked up once: the `yaml` package's Alias.resolve() walks the whole file for
    // each, and took minutes for these.
    const teams = Array.from({ length: 10_000 }, (_, n) => `  - &a${n}\n    title: t${n}\n  - *a${n}`);
    const message = await loadErrors({ "a.yaml": yaml(...head, "teams:", ...teams) });
    const lines = message.split("\n");
    expect(lines[0]).toBe('a.yaml:5:12: teams[1].title: duplicate team title "t0" (first at column 12)');
    expect(lines[49]).toBe(
      'a.yaml:152:12: teams[99].title: duplicate team title "t49" (first at column 12) (and 9,950 more errors in this file, not listed)',
    );
    expect(lines.slice(50)).toEqual(["50 errors in 1 file."]);
  });
});

describe("errors of the merged configuration", () => {
  it("are placed for the first 50 of a file, the last saying how many more the file holds", async () => {
    const teams = Array.from({ length: 300 }, (_, n) => `  - title: ${n % 2 === 0 ? "Writers" : "Editors"}`);
    const lines = (await loadErrors({ "a.yaml": yaml(...head, "teams:", ...teams) })).split("\n");
    expect(lines[0]).toBe('a.yaml:6:12: teams[2].title: duplicate team title "Writers" (first at line 4)');
    expect(lines[49]).toBe(
      'a.yaml:55:12: teams[51].title: duplicate team title "Editors" (first at line 5) (and 248 more errors in this file, not listed)',
    );
    expect(lines.slice(50)).toEqual(["50 errors in 1 file."]);
  });
});

describe("the size limit", () => {
  it("refuses a configuration over 10 MB in one line, before parsing it", async () => {
    // Not YAML at all: were it parsed, this would be a syntax error instead.
    const root = writeTree({ "a.yaml": `${"{".repeat(11_000_000)}\n` });
    const result = await docsync(["validate", "-c", join(root, "a.yaml")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "Error: the configuration is 11.0 MB, over the limit of 10 MB; nothing was read. Set DOCSYNC_CONFIG_MAX_MB to raise the limit.\n",
    );
  });

  it("counts every file, and DOCSYNC_CONFIG_MAX_MB sets the limit", async () => {
    const files = { "a.yaml": yaml(...head, `# ${"x".repeat(3000)}`), "b.yaml": yaml("version: 1") };
    const refused = await load(files, undefined, { DOCSYNC_CONFIG_MAX_MB: "0.003" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DocsyncError);
    expect((refused as DocsyncError).exitCode).toBe(1);
    expect((refused as DocsyncError).message).toBe(
      "the configuration is 3.0 kB in 2 files (the largest: a.yaml, 3.0 kB), over the limit of 0.003 MB; nothing was read. Set DOCSYNC_CONFIG_MAX_MB to raise the limit.",
    );
    const state = await load(files, undefined, { DOCSYNC_CONFIG_MAX_MB: "0.004" });
    expect(state.organization).toBe("org_1");
  });

  it("refuses a limit that is not a positive number", async () => {
    const error = await load({ "a.yaml": yaml(...head) }, undefined, { DOCSYNC_CONFIG_MAX_MB: "lots" }).catch(
      (e: unknown) => e,
    );
    expect((error as DocsyncError).message).toBe(
      'DOCSYNC_CONFIG_MAX_MB must be a positive number of megabytes (got "lots")',
    );
  });
});

describe("sensitive values", () => {
  it("are gathered when written literally, without interpolation", async () => {
    const state = await load({
      "a.yaml": yaml(...head, "samlProviders:", "  - label: Okta", "    certificate: MIIC-literal"),
    });
    expect(state.sensitiveValues).toEqual(["MIIC-literal"]);
  });
});

describe("large mappings", () => {
  it("report a repeated key at the repeat, naming the first, however many keys there are", async () => {
    const spaces = Array.from({ length: 40 }, (_, i) => `  s${i}: spc_${i}`);
    const message = await loadErrors({ "a.yaml": yaml(...head, "spaces:", ...spaces, "  s7: spc_again") });
    expect(message).toBe('a.yaml:44:3: spaces: duplicate key "s7" (first at line 11)\n1 error in 1 file.');
  });

  it("point at each of their entries", async () => {
    const spaces = Array.from({ length: 40 }, (_, i) => `  s${i}: ${i % 10 === 0 ? "[]" : `spc_${i}`}`);
    const message = await loadErrors({ "a.yaml": yaml(...head, "spaces:", ...spaces) });
    expect(message.split("\n")).toEqual([
      "a.yaml:4:7: spaces.s0: must be a string or a mapping (got a list)",
      "a.yaml:14:8: spaces.s10: must be a string or a mapping (got a list)",
      "a.yaml:24:8: spaces.s20: must be a string or a mapping (got a list)",
      "a.yaml:34:8: spaces.s30: must be a string or a mapping (got a list)",
      "4 errors in 1 file.",
    ]);
  });
});

describe("long keys and values", () => {
  it("are shortened in the middle, and a long unknown key is not compared with every known one", async () => {
    const key = `k${"x".repeat(200_000)}y`;
    const message = await loadErrors({
      "a.yaml": yaml(...head, "teams:", "  - title: W", `    ? ${key}`, "    : 1"),
    });
    const [first, count] = message.split("\n");
    expect(first).toBe(
      // 500 characters of each end of the path and of the message.
      `a.yaml:5:7: teams[0].${key.slice(0, 491)} … ${key.slice(-500)}: unknown key "${key.slice(0, 487)} … ${key.slice(-499)}"`,
    );
    expect(count).toBe("1 error in 1 file.");
  });

  it("list at most ten known spaces in an unknown-space message", async () => {
    const spaces = Array.from({ length: 25 }, (_, i) => `  s${i}: spc_${i}`);
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "spaces:",
        ...spaces,
        "sites:",
        "  - title: Docs",
        "    siteSpaces: [{ space: nope, path: p }]",
      ),
    });
    expect(message).toBe(
      'a.yaml:31:27: sites[0].siteSpaces[0].space: unknown space "nope"; known spaces: s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 and 15 more\n1 error in 1 file.',
    );
  });
});
