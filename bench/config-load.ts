// Validating configurations of 20,000 and 100,000 redirects, next to JSON.parse of the same data.
// The measure is the CPU time `docsync validate` (the build, dist/cli.js) spends on the
// configuration: that of a process validating it minus that of a process validating a tiny file
// (start-up and modules), each the least of a few runs, next to JSON.parse of the same data as JSON, warm (parsed a few
// times first), in this process. The file is loaded in three forms that must cost the same: LF
// line endings, CRLF line endings, and LF with one block scalar (a certificate written with `|`).
// The targets: at most 15 times JSON.parse in each case, the slowest form within 1.5 times the
// fastest, and peak memory at most 20 times the file size.
//
//   node --import tsx bench/config-load.ts                prints one JSON line with every measure
//   node --import tsx bench/config-load.ts load FILE      (internal) loads FILE with loadConfig

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildPackage } from "../scripts/build.ts";
import { loadConfig } from "../src/config/load.ts";

export const REDIRECT_COUNTS = [20_000, 100_000] as const;
/** The configuration whose peak memory is measured. */
export const REDIRECT_COUNT = 100_000;
/** Processes run for each measure of validate: the least CPU time is kept. */
const RUNS = 3;
const SECTION_COUNT = 10;

/** The configuration as data: one site, ten sections, REDIRECT_COUNT redirects to them. */
function configuration(redirects: number) {
  return {
    version: 1,
    organization: "org_bench",
    spaces: { guides: "spc_guides" },
    sites: [
      {
        title: "Docs",
        sections: Array.from({ length: SECTION_COUNT }, (_, n) => ({
          path: `section-${n}`,
          title: `Section ${n}`,
          siteSpaces: [{ space: "guides", path: `v${n}` }],
        })),
        redirects: Array.from({ length: redirects }, (_, n) => ({
          source: `/old/guides/page-${n}`,
          to: { section: `section-${n % SECTION_COUNT}` },
        })),
      },
    ],
  };
}

/** How the YAML is written: the same data, with other line endings or one block scalar. */
export const FORMS = ["LF", "CRLF", "block scalar"] as const;
export type Form = (typeof FORMS)[number];

/** The same data as YAML, one redirect a line (as bench/org-model.ts writes them). The block
 * scalar form adds a SAML provider whose certificate is written with `|`. */
function configurationYaml(redirects: number, form: Form): string {
  const lines = ["version: 1", "organization: org_bench", "spaces:", "  guides: spc_guides"];
  if (form === "block scalar") {
    lines.push("samlProviders:", "  - label: Okta", "    certificate: |");
    lines.push("      -----BEGIN CERTIFICATE-----", "      MIIBfake", "      -----END CERTIFICATE-----");
  }
  lines.push("sites:", "  - title: Docs", "    sections:");
  for (let n = 0; n < SECTION_COUNT; n++) {
    lines.push(`      - path: section-${n}`, `        title: Section ${n}`, "        siteSpaces:");
    lines.push(`          - { space: guides, path: v${n} }`);
  }
  lines.push("    redirects:");
  for (let n = 0; n < redirects; n++) {
    lines.push(
      `      - source: /old/guides/page-${n}`,
      `        to: { section: section-${n % SECTION_COUNT} }`,
    );
  }
  const newline = form === "CRLF" ? "\r\n" : "\n";
  return `${lines.join(newline)}${newline}`;
}

export interface Measure {
  /** Wall time. */
  ms: number;
  /** CPU time (user and system, garbage collection threads included): steadier on a busy machine. */
  cpuMs: number;
  /** Peak resident memory of the whole process. */
  maxRssMb: number;
  /** Resident memory just before the run: node, the loader and the modules, before any data. */
  rssBeforeMb: number;
}

async function measured(run: () => unknown): Promise<Measure> {
  const rssBeforeMb = process.memoryUsage.rss() / 2 ** 20;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return {
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    rssBeforeMb,
  };
}

/** One configuration validated: its redirects, form and size, and the CPU time validate spent on
 * it (the process's, minus that of validating a tiny file). */
export interface ValidateCase {
  redirects: number;
  form: Form;
  mb: number;
  cpuMs: number;
}

export interface LoadBench {
  cases: ValidateCase[];
  /** CPU time of a process validating a tiny file: subtracted from each case. */
  tinyCpuMs: number;
  /** CPU time of `node -e 0`: how busy the machine was. */
  nodeCpuMs: number;
  /** JSON.parse of the same data, warm, by number of redirects. */
  jsonMs: Record<number, number>;
  /** loadConfig of REDIRECT_COUNT redirects (LF) in a process of its own, for its peak memory. */
  memory: { yamlMb: number; load: Measure; json: Measure };
}

/** The benchmark table's rows for loading: [what, measured, target]. */
export function loadRows({
  cases,
  tinyCpuMs,
  nodeCpuMs,
  jsonMs,
  memory,
}: LoadBench): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const redirects of REDIRECT_COUNTS) {
    const json = jsonMs[redirects] ?? Number.NaN;
    const mine = cases.filter((c) => c.redirects === redirects);
    for (const { form, mb, cpuMs } of mine) {
      const what = `validate ${redirects.toLocaleString("en")} redirects (${mb.toFixed(1)} MB${form === "LF" ? "" : `, ${form === "CRLF" ? "CRLF line endings" : "one block scalar"}`}): CPU`;
      rows.push([
        what,
        `${cpuMs.toFixed(0)} ms; JSON.parse warm ${json.toFixed(1)} ms; ${(cpuMs / json).toFixed(1)}× (validate of a tiny file: ${tinyCpuMs.toFixed(0)} ms, subtracted; node -e 0: ${nodeCpuMs.toFixed(0)} ms)`,
        "≤ 15× JSON.parse",
      ]);
    }
    const cpus = mine.map((c) => c.cpuMs);
    rows.push([
      `validate ${redirects.toLocaleString("en")} redirects: slowest form ÷ fastest`,
      `${(Math.max(...cpus) / Math.min(...cpus)).toFixed(2)}× (LF, CRLF, block scalar)`,
      "≤ 1.5×",
    ]);
  }
  // Peak memory both as a whole and over what the process held before loading (node, the
  // TypeScript loader and the modules: the same with any configuration).
  const { yamlMb, load, json } = memory;
  const fileMb = (yamlMb * 1e6) / 2 ** 20;
  const grown = load.maxRssMb - load.rssBeforeMb;
  rows.push([
    `validate ${REDIRECT_COUNT.toLocaleString("en")} redirects (${yamlMb.toFixed(1)} MB): peak memory`,
    `${grown.toFixed(0)} MB over the ${load.rssBeforeMb.toFixed(0)} MB before loading = ${(grown / fileMb).toFixed(1)}× file size (peak RSS ${load.maxRssMb.toFixed(0)} MB = ${(load.maxRssMb / fileMb).toFixed(1)}×; JSON.parse ${(json.maxRssMb - json.rssBeforeMb).toFixed(0)} MB over, ${json.maxRssMb.toFixed(0)} MB peak)`,
    "≤ 20× file size",
  ]);
  return rows;
}

function child<T>(mode: "load" | "json", file: string): T {
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/config-load.ts", mode, file], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`bench/config-load.ts ${mode} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/** Loaded before the CLI: prints the process's CPU time (ms) as its last line on stderr. */
const PRINT_CPU = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu "+(u.user+u.system)/1000+"\\n")})`;

/** The CPU time of a node process run with `args`: the least of RUNS processes, the one least
 * disturbed by other work on the machine. */
function leastCpuMs(args: string[]): number {
  const times = Array.from({ length: RUNS }, () => {
    const run = spawnSync(process.execPath, ["--import", PRINT_CPU, ...args], { encoding: "utf8" });
    const cpu = /\ncpu ([\d.]+)\n$/.exec(run.stderr);
    if (run.status !== 0 || cpu === null) throw new Error(`node ${args.join(" ")} failed: ${run.stderr}`);
    return Number(cpu[1]);
  });
  return Math.min(...times);
}

/** The CPU time of the built CLI validating `file`. */
const validateCpuMs = (file: string): number => leastCpuMs(["dist/cli.js", "validate", "-c", file]);

/** JSON.parse of `text`, warm: the least of several runs after a few unmeasured ones. */
function warmJsonParseMs(text: string): number {
  for (let i = 0; i < 5; i++) JSON.parse(text);
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 9; i++) {
    const cpu = process.cpuUsage();
    JSON.parse(text);
    const used = process.cpuUsage(cpu);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

// bench/run.ts imports the rows from here: the measuring only runs when this file is the program.
const isProgram =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
const [mode, file] = process.argv.slice(2);
if (!isProgram) {
  // Imported for loadRows.
} else if (mode === "load" && file !== undefined) {
  const result = await measured(() => loadConfig({ paths: [file], env: {} }));
  console.log(JSON.stringify(result));
} else if (mode === "json" && file !== undefined) {
  const result = await measured(() => JSON.parse(readFileSync(file, "utf8")));
  console.log(JSON.stringify(result));
} else {
  // The build of the sources as they are: what the package runs.
  await buildPackage();
  const dir = mkdtempSync(join(tmpdir(), "docsync-bench-load-"));
  try {
    const tiny = join(dir, "tiny.yaml");
    writeFileSync(tiny, "version: 1\norganization: org_bench\n");
    const tinyCpuMs = validateCpuMs(tiny);
    const nodeCpuMs = leastCpuMs(["-e", "0"]);
    const cases: ValidateCase[] = [];
    const jsonMs: Record<number, number> = {};
    for (const redirects of REDIRECT_COUNTS) {
      jsonMs[redirects] = warmJsonParseMs(JSON.stringify(configuration(redirects)));
      for (const form of FORMS) {
        const yamlFile = join(dir, `docsync-${redirects}-${FORMS.indexOf(form)}.yaml`);
        writeFileSync(yamlFile, configurationYaml(redirects, form));
        const mb = readFileSync(yamlFile).length / 1e6;
        cases.push({ redirects, form, mb, cpuMs: validateCpuMs(yamlFile) - tinyCpuMs });
      }
    }
    const jsonFile = join(dir, "docsync.json");
    writeFileSync(jsonFile, JSON.stringify(configuration(REDIRECT_COUNT)));
    const yamlFile = join(dir, `docsync-${REDIRECT_COUNT}-0.yaml`);
    const memory = {
      yamlMb: readFileSync(yamlFile).length / 1e6,
      load: child<Measure>("load", yamlFile),
      json: child<Measure>("json", jsonFile),
    };
    const result: LoadBench = { cases, tinyCpuMs, nodeCpuMs, jsonMs, memory };
    console.log(JSON.stringify(result));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
