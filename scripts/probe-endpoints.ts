// Probes the emulator for every endpoint of the Docs Platform API spec: reads each method and
// path from the spec's endpoint tables (section 4), starts the emulator, and calls each one. An
// endpoint passes when a route answers it, whatever the answer (400, 404 for an unknown id…);
// it fails on the router's own "no route" 404 and on 405 (the path is known, the method not).
//   npx tsx scripts/probe-endpoints.ts
// The spec is read from ../shared/spec/docs-platform-api.md, relative to the repository.

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../src/emulator/index.ts";

export interface Endpoint {
  method: string;
  /** As the spec writes it, with `{name}` parameters, relative to /v1. */
  path: string;
}

export interface ProbeResult extends Endpoint {
  status: number;
  routed: boolean;
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SPEC_PATH = resolve(REPO_ROOT, "../shared/spec/docs-platform-api.md");

const ROW = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*([^|]+?)\s*\|/;
const PREFIX = /^Prefix:?\s*`([^`]+)`/;
/** Section 4.5 names its endpoints by reference: those of 4.4 under another prefix. */
const SAME_UNDER = /under the prefix `([^`]+)` in place of `([^`]+)`/;

/** The full path of a table cell: `(prefix)`, `(none)`, `/suffix`, `.../tail` or an absolute path. */
function fullPath(cell: string, prefix: string | undefined, section: Endpoint[]): string {
  if (cell === "(prefix)" || cell === "(none)") return prefix ?? cell;
  if (cell.startsWith("...")) {
    // `.../sites/{siteId}/x`: the tail continues an earlier path of the section at its first segment.
    const tail = cell.slice(3);
    const first = tail.split("/")[1] ?? "";
    const earlier = [...section].reverse().find((e) => e.path.includes(`/${first}`));
    if (!earlier) throw new Error(`cannot resolve "${cell}": no earlier path with /${first}`);
    return earlier.path.slice(0, earlier.path.indexOf(`/${first}`)) + tail;
  }
  if (prefix !== undefined && !cell.startsWith(prefix)) return prefix + cell;
  return cell;
}

/** Every endpoint of the spec's section 4, in the order the spec lists them. */
export function parseEndpoints(markdown: string): Endpoint[] {
  const endpoints: Endpoint[] = [];
  let inEndpoints = false;
  let prefix: string | undefined;
  let section: Endpoint[] = [];
  for (const line of markdown.split("\n")) {
    if (line.startsWith("## ")) inEndpoints = line.startsWith("## 4.");
    if (!inEndpoints) continue;
    if (line.startsWith("### ")) {
      prefix = undefined;
      section = [];
      continue;
    }
    const prefixMatch = PREFIX.exec(line);
    if (prefixMatch) prefix = prefixMatch[1];
    const same = SAME_UNDER.exec(line);
    if (same) {
      const [, into, from] = same as unknown as [string, string, string];
      for (const e of endpoints.filter((x) => x.path === from || x.path.startsWith(`${from}/`))) {
        endpoints.push({ method: e.method, path: into + e.path.slice(from.length) });
      }
    }
    const row = ROW.exec(line);
    if (!row) continue;
    const endpoint = { method: row[1] as string, path: fullPath(row[2] as string, prefix, section) };
    section.push(endpoint);
    endpoints.push(endpoint);
  }
  return endpoints;
}

/** Calls each endpoint once with the admin token and an empty JSON body for writes. */
export async function probeEndpoints(
  baseUrl: string,
  token: string,
  endpoints: Endpoint[],
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const endpoint of endpoints) {
    const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => `probe-${name}`);
    const write = endpoint.method !== "GET" && endpoint.method !== "DELETE";
    const response = await fetch(`${baseUrl}/v1${path}`, {
      method: endpoint.method,
      headers: { authorization: `Bearer ${token}`, ...(write ? { "content-type": "application/json" } : {}) },
      ...(write ? { body: "{}" } : {}),
    });
    const text = await response.text();
    const noRoute = response.status === 404 && text.includes('"no route for ');
    results.push({ ...endpoint, status: response.status, routed: !noRoute && response.status !== 405 });
  }
  return results;
}

/** Parses the spec, probes a fresh emulator, and answers the results; undefined without a spec. */
export async function probeSpec(specPath = SPEC_PATH): Promise<ProbeResult[] | undefined> {
  if (!existsSync(specPath)) return undefined;
  const endpoints = parseEndpoints(await readFile(specPath, "utf8"));
  const emulator = await startEmulator({ port: 0 });
  try {
    return await probeEndpoints(emulator.url, emulator.token, endpoints);
  } finally {
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const results = await probeSpec();
  if (!results) {
    process.stdout.write(`Skipped: the spec is not at ${SPEC_PATH}.\n`);
    return;
  }
  const missing = results.filter((r) => !r.routed);
  for (const r of missing) process.stdout.write(`missing: ${r.method} ${r.path} (${r.status})\n`);
  process.stdout.write(
    `${results.length - missing.length} of ${results.length} endpoints answered by a route.\n`,
  );
  process.exitCode = missing.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
