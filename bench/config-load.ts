// Loading and validating a configuration of 100,000 redirects, next to JSON.parse of the same
// data: each measured in a process of its own, so that each peak memory is its own. The file is
// loaded in three forms that must cost the same: LF line endings, CRLF line endings, and LF with
// one block scalar (a certificate written with `|`). The targets: CPU time at most 15 times
// JSON.parse's in each form, the slowest form within 1.5 times the fastest, peak memory at most
// 20 times the file size.
//
//   node --import tsx bench/config-load.ts            prints one JSON line with every measure
//   node --import tsx bench/config-load.ts load FILE  (internal) loads FILE with loadConfig
//   node --import tsx bench/config-load.ts json FILE  (internal) reads FILE with JSON.parse

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../src/config/load.ts";

export const REDIRECT_COUNT = 100_000;
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

export interface LoadBench {
  redirects: number;
  /** Size of the LF form. */
  yamlMb: number;
  /** Each form's load, in FORMS order. */
  loads: Record<Form, Measure>;
  json: Measure;
}

/** The benchmark table's rows for loading: [what, measured, target]. */
export function loadRows({ redirects, yamlMb, loads, json }: LoadBench): [string, string, string][] {
  const what = `validate ${redirects.toLocaleString("en")} redirects (${yamlMb.toFixed(1)} MB)`;
  const load = loads.LF;
  const ratio = (form: Form) => loads[form].cpuMs / json.cpuMs;
  const cpu = (form: Form) =>
    `${loads[form].cpuMs.toFixed(0)} ms = ${ratio(form).toFixed(1)}× JSON.parse (${json.cpuMs.toFixed(0)} ms); wall ${loads[form].ms.toFixed(0)} ms`;
  const cpus = FORMS.map((form) => loads[form].cpuMs);
  // Peak memory both as a whole and over what the process held before loading (node, the
  // TypeScript loader and the modules: the same with any configuration).
  const fileMb = (yamlMb * 1e6) / 2 ** 20;
  const grown = load.maxRssMb - load.rssBeforeMb;
  return [
    [`${what}: CPU time`, cpu("LF"), "≤ 15× JSON.parse"],
    [`${what}, CRLF line endings: CPU time`, cpu("CRLF"), "≤ 15× JSON.parse"],
    [`${what}, one block scalar: CPU time`, cpu("block scalar"), "≤ 15× JSON.parse"],
    [
      `${what}: slowest form ÷ fastest`,
      `${(Math.max(...cpus) / Math.min(...cpus)).toFixed(2)}× (LF, CRLF, block scalar)`,
      "≤ 1.5×",
    ],
    [
      `${what}: peak memory`,
      `${grown.toFixed(0)} MB over the ${load.rssBeforeMb.toFixed(0)} MB before loading = ${(grown / fileMb).toFixed(1)}× file size (peak RSS ${load.maxRssMb.toFixed(0)} MB = ${(load.maxRssMb / fileMb).toFixed(1)}×; JSON.parse ${(json.maxRssMb - json.rssBeforeMb).toFixed(0)} MB over, ${json.maxRssMb.toFixed(0)} MB peak)`,
      "≤ 20× file size",
    ],
  ];
}

function child(mode: "load" | "json", file: string): Measure {
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/config-load.ts", mode, file], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`bench/config-load.ts ${mode} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Measure;
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
  const dir = mkdtempSync(join(tmpdir(), "docsync-bench-load-"));
  try {
    const jsonFile = join(dir, "docsync.json");
    writeFileSync(jsonFile, JSON.stringify(configuration(REDIRECT_COUNT)));
    const json = child("json", jsonFile);
    const loads = {} as Record<Form, Measure>;
    let yamlMb = 0;
    for (const [index, form] of FORMS.entries()) {
      const yamlFile = join(dir, `docsync-${index}.yaml`);
      writeFileSync(yamlFile, configurationYaml(REDIRECT_COUNT, form));
      if (form === "LF") yamlMb = readFileSync(yamlFile).length / 1e6;
      loads[form] = child("load", yamlFile);
    }
    const result: LoadBench = { redirects: REDIRECT_COUNT, yamlMb, loads, json };
    console.log(JSON.stringify(result));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
