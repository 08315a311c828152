// Validating hostile configuration files just under the size limit: one long line (a flow list,
// a scalar, a JSON document, a flow mapping of many keys, one ending in a merge key), a key
// repeated at the end of a long list of mappings, an alias inside its own anchor and a tag after
// a long mapping, lists nested hundreds deep, many aliases, a chain of anchors each holding the
// one before, aliases of aliases (billion laughs) kept under the limit of what they may repeat,
// an error after many comment lines or in the last of many redirects, on lines or on one, or in
// the last entry of a JSON document on one line, nesting too deep at the end of a long mapping, a
// variable at the end of a long block scalar, and many aliases in block form, each a duplicate
// title. Each is validated by `docsync validate`
// as the package runs it (the build of the sources as they are) in a process of its own, so that
// each peak memory is its own and holds neither the TypeScript loader nor the schema's compiler.
// The target: peak RSS at most 25 times the file.
//
//   node --import tsx bench/hostile-config.ts            prints one JSON line with every measure

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCli } from "../scripts/build.ts";

/** Just under the 10 MB limit (DEFAULT_MAX_CONFIG_MB). */
const SIZE = 9_900_000;
/** Where the CLI is built: beside the dependencies, where its imports resolve. */
const CLI_DIR = fileURLToPath(new URL("../node_modules/.cache/docsync-bench/hostile-cli", import.meta.url));
/** Loaded before the CLI: prints the process's peak RSS (MB) as its last line on stderr. */
const PRINT_RSS = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\nmaxrss "+process.resourceUsage().maxRSS/1024+"\\n"))`;
/** A child that takes longer is stopped and reported as such. */
const TIMEOUT_MS = 300_000;
const HEAD = "version: 1\norganization: org_1\n";

/** Pieces made by `unit` until they add up to `budget` characters. */
function fill(unit: (n: number) => string, budget: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let n = 0; length < budget; n++) {
    const part = unit(n);
    parts.push(part);
    length += part.length;
  }
  return parts.join("");
}

function laughs(): string {
  const levels = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
  for (let i = 1; i < 10; i++)
    levels.push(
      `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(", ")}]`,
    );
  return `${HEAD}${levels.join("\n")}\n# ${"p".repeat(SIZE - 1000)}\n`;
}

/** Each hostile file by name. */
export const HOSTILE: Record<string, () => string> = {
  "one line: a flow list of redirects": () => {
    const redirects = fill((n) => `{source: /p${n}, to: {section: s}}, `, SIZE - 200).slice(0, -2);
    return `${HEAD}spaces: {g: spc_1}\nsites: [{title: Docs, sections: [{path: s, title: Section, siteSpaces: [{space: g, path: v}]}], redirects: [${redirects}]}]\n`;
  },
  "one line: a scalar": () => `${HEAD}teams:\n  - title: ${"x".repeat(SIZE - 60)}\n`,
  "one line: a flow mapping of many keys": () =>
    `${HEAD}policy: {${fill((n) => `k${n}: ${n}, `, SIZE - 100)}}\n`,
  // Refused late: a key repeated in the last of half a million mappings (read once, placed by the
  // reader), and a merge key, which the reader leaves to js-yaml, at the end of a mapping.
  "a list of mappings, a key repeated in the last": () =>
    `${HEAD}teams:\n${fill((n) => `  - {title: t${n}}\n`, SIZE - 100)}  - {title: a, title: b}\n`,
  "one line: a merge key at the end of a flow mapping": () =>
    `${HEAD}policy: {${fill((n) => `k${n}: ${n}, `, SIZE - 100)}<<: {z: 1}}\n`,
  "an alias inside its own anchor after a long mapping": () =>
    `${HEAD}policy:\n${fill((n) => `  k${n}: ${n}\n`, SIZE - 100)}teams: &t [*t]\n`,
  // A tab (in a comment) leaves the file to js-yaml, which refuses the repeat: placed where js-yaml stopped.
  "a tab, and a key repeated at the end of a long mapping": () =>
    `${HEAD}# a\tcomment\npolicy:\n${fill((n) => `  k${n}: ${n}\n`, SIZE - 100)}  k0: 1\n`,
  "a tag at the end of a long mapping": () =>
    `${HEAD}policy:\n${fill((n) => `  k${n}: ${n}\n`, SIZE - 100)}  z: !!str 1\n`,
  "lists nested 400 deep": () =>
    `${HEAD}policy:\n${fill((n) => `  k${n}: ${"[".repeat(400)}1${"]".repeat(400)}\n`, SIZE - 100)}`,
  "many aliases": () => `${HEAD}policy: &a {maxDestroy: 1}\nteams: [${fill(() => "*a, ", SIZE - 100)}*a]\n`,
  "a chain of anchors": () =>
    `${HEAD}policy:\n  k0: &a0 [1]\n${fill((n) => `  k${n + 1}: &a${n + 1} [*a${n}]\n`, SIZE - 100)}`,
  "billion laughs": laughs,
  // Refused far into the file: placing the error reads only the lines that hold it.
  "an error after many comment lines": () =>
    `${HEAD}${fill((n) => `# a comment, line ${n}\n`, SIZE - 100)}teams: 5\n`,
  "one line: an error in the last of a flow list of redirects": () => {
    const redirects = fill((n) => `{source: /p${n}, to: {section: s}}, `, SIZE - 300);
    return `${HEAD}spaces: {g: spc_1}\nsites: [{title: Docs, sections: [{path: s, title: Section, siteSpaces: [{space: g, path: v}]}], redirects: [${redirects}{source: /last, to: {section: s, bogus: 1}}]}]\n`;
  },
  // Placed by reading each line's end once (a JSON document is one line of quoted scalars).
  "one line: a JSON document, an error in its last entry": () => {
    const teams = fill((n) => `{"title":"t${n}"},`, SIZE - 200);
    return `{"version":1,"organization":"org_1","teams":[${teams}{"title":"t","bogus":1}]}\n`;
  },
  // Placed where js-yaml stopped, without the reading of the megabytes before it.
  "nesting too deep at the end of a long mapping": () => {
    const deep = Array.from({ length: 101 }, (_, d) => `${"  ".repeat(d + 1)}${d === 0 ? "z" : "a"}:\n`);
    return `${HEAD}policy:\n${fill((n) => `  k${n}: ${n}\n`, SIZE - 30_000)}${deep.join("")}${"  ".repeat(102)}a: 1\n`;
  },
  // Literal text is interpolated in runs, not a character at a time.
  "a variable at the end of a long block scalar": () =>
    `${HEAD}teams:\n  - title: |\n${fill((n) => `      line ${n} of the scalar\n`, SIZE - 200)}      \${DOCSYNC_BENCH_UNSET}\n`,
  // Each alias's node found in one walk; the first 50 duplicates placed, the rest counted.
  "many aliases in block form, each a duplicate": () =>
    `${HEAD}teams:\n${fill((n) => `  - &a${n}\n    title: t${n}\n  - *a${n}\n`, SIZE - 100)}`,
  "an error in the last of many redirects": () =>
    `${HEAD}spaces: {g: spc_1}\nsites:\n  - title: Docs\n    sections: [{path: s, title: Section, siteSpaces: [{space: g, path: v}]}]\n    redirects:\n${fill((n) => `      - source: /p${n}\n        to: {section: s}\n`, SIZE - 200)}      - {source: /last, to: {section: s, bogus: 1}}\n`,
};

export interface HostileMeasure {
  name: string;
  mb: number;
  ms: number;
  maxRssMb: number;
  /** Exit code 0 (valid) or 1 (refused); anything else failed. */
  outcome: string;
}

/** The benchmark table's row: the worst peak memory over file size. */
export function hostileRows(read: HostileMeasure[]): [string, string, string][] {
  // JSON writes NaN as null: a file not validated in time counts as the worst, its peak unknown.
  const measures = read.map((m) => ({ ...m, maxRssMb: m.maxRssMb ?? Number.NaN }));
  const ratio = (m: HostileMeasure) =>
    Number.isNaN(m.maxRssMb) ? Number.POSITIVE_INFINITY : (m.maxRssMb * 2 ** 20) / (m.mb * 1e6);
  const shown = (m: HostileMeasure) =>
    Number.isFinite(ratio(m)) ? `${ratio(m).toFixed(0)}× (${(m.ms / 1000).toFixed(1)} s)` : m.outcome;
  const worst = measures.reduce((a, b) => (ratio(b) > ratio(a) ? b : a));
  const peak = Number.isNaN(worst.maxRssMb) ? worst.outcome : `${worst.maxRssMb.toFixed(0)} MB`;
  return [
    [
      `validate hostile files of ${worst.mb.toFixed(1)} MB: worst peak RSS ÷ file size`,
      `${Number.isFinite(ratio(worst)) ? ratio(worst).toFixed(1) : "∞"}× (${worst.name}, ${peak}); ${measures.map((m) => `${m.name} ${shown(m)}`).join("; ")}`,
      "≤ 25× file size",
    ],
  ];
}

function child(name: string, file: string): HostileMeasure {
  const mb = statSync(file).size / 1e6;
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ["--import", PRINT_RSS, join(CLI_DIR, "cli.js"), "validate", "-c", file],
    { encoding: "utf8", timeout: TIMEOUT_MS },
  );
  const ms = performance.now() - started;
  if (run.error !== undefined || run.status === null) {
    return {
      name,
      mb,
      ms: TIMEOUT_MS,
      maxRssMb: Number.NaN,
      outcome: `did not end in ${TIMEOUT_MS / 1000} s`,
    };
  }
  const rss = /\nmaxrss ([\d.]+)\n$/.exec(run.stderr);
  const said = run.stderr.slice(0, rss?.index ?? run.stderr.length);
  // Refused: exit code 1 and a first error at the file's line and column, no stack trace.
  const located = said.startsWith(`Error: ${file}:`) && /^Error: .*:\d+:\d+: /.test(said);
  const refused = run.status === 1 && located && !/\n\s+at /.test(said);
  if (rss === null || !(run.status === 0 || refused))
    throw new Error(`docsync validate failed on ${name} (exit code ${run.status}): ${said.slice(0, 2000)}`);
  const first = said.split("\n")[0]?.slice(`Error: ${file}:`.length) ?? "";
  const outcome = run.status === 0 ? "valid" : `refused: ${first.replace(/^\d+:\d+: /, "").slice(0, 80)}`;
  return { name, mb, ms, maxRssMb: Number(rss[1]), outcome };
}

const isProgram =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isProgram) {
  await buildCli(CLI_DIR);
  const dir = mkdtempSync(join(tmpdir(), "docsync-bench-hostile-"));
  try {
    const measures = Object.entries(HOSTILE).map(([name, make], index) => {
      const path = join(dir, `hostile-${index}.yaml`);
      writeFileSync(path, make());
      const measure = child(name, path);
      rmSync(path);
      return measure;
    });
    console.log(JSON.stringify(measures));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
