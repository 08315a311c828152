// Applying 1,000 redirects (or as many as the first argument says) under a rate limit of 100
// requests per second (2,000 redirects at 100 per 10 s, ten times faster), and prints as JSON how many requests were
// turned away with 429 and how the wall time compares to the ideal pacing (writes ÷ allowed rate).
// The emulator runs in this process of its own, with 20 ms of latency on every answer.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDocsync } from "../src/cli/program.ts";
import { startEmulator } from "../src/emulator/index.ts";
import type { Output } from "../src/front/output.ts";
import { plainStyle } from "../src/render/style.ts";

/** A short run shows what the first window costs; a long one, the pace of the windows after it. */
export const REDIRECTS = Number(process.argv[2] ?? 1000);
export const LIMIT = 100;
export const WINDOW_MS = 1000;
const LATENCY_MS = 20;
const PARALLELISM = 64;

function configYaml(): string {
  const lines = [
    "version: 1",
    `organization: \${DOCSYNC_ORG}`,
    "spaces:",
    "  guides: spc_guides",
    "sites:",
    "  - title: Paced",
    "    sections:",
    "      - path: docs",
    "        title: Docs",
    "        siteSpaces:",
    "          - { space: guides, path: guides }",
    "    redirects:",
  ];
  for (let n = 0; n < REDIRECTS; n++) lines.push(`      - { source: /old/${n}, to: { section: docs } }`);
  return `${lines.join("\n")}\n`;
}

// When each answer went out, to tell the span of the apply's requests from its start-up.
const answeredAt: number[] = [];
const emulator = await startEmulator({
  port: 0,
  faults: { latencyMs: LATENCY_MS },
  rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
  onRequest: () => answeredAt.push(performance.now()),
});
// One call per redirect, as against a service without the bulk operation: the case measures the
// pacing of many writes, which batches of 500 would leave with a handful.
emulator.removeRoutes(["PUT /orgs/:organizationId/sites/:siteId/redirects"]);
const dir = await mkdtemp(join(tmpdir(), "docsync-bench-rate-"));
try {
  const config = join(dir, "paced.yaml");
  await writeFile(config, configYaml());
  let errors = "";
  const output: Output = {
    out: () => {},
    err: (text: string) => {
      errors += text;
    },
    style: plainStyle,
    interactive: false,
    ask: async () => "",
  };
  const env = { DOCSYNC_API_URL: emulator.url, DOCSYNC_TOKEN: emulator.token, DOCSYNC_ORG: "org_acme" };
  const run = async (...args: string[]) => {
    const code = await runDocsync([...args, "-c", config, "--parallelism", String(PARALLELISM)], {
      output,
      env,
      exitCode: 0,
    });
    if (code !== 0) throw new Error(`docsync ${args[0]} failed (${code}): ${errors}`);
  };
  // A plan first loads the code, so that the apply measures the pacing; then a fresh window.
  await run("plan");
  emulator.setRateLimit({ limit: LIMIT, windowMs: WINDOW_MS });
  emulator.resetLog();
  answeredAt.length = 0;
  const started = performance.now();
  await run("apply", "--yes");
  const wallMs = performance.now() - started;
  const answered = emulator.requests;
  const throttled = answered.filter((entry) => entry.status === 429).length;
  const writes = answered.filter((entry) => entry.method !== "GET" && entry.status !== 429).length;
  const idealMs = (writes / LIMIT) * WINDOW_MS;
  console.log(
    JSON.stringify({
      redirects: REDIRECTS,
      limit: LIMIT,
      windowMs: WINDOW_MS,
      requests: answered.length,
      throttled,
      writes,
      wallMs,
      requestsSpanMs: answeredAt[answeredAt.length - 1]! - answeredAt[0]!,
      idealMs,
    }),
  );
} finally {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
}
