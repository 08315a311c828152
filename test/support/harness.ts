// A running emulator, a place for configuration files, and docsync pointed at both.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient } from "../../src/api/client.ts";
import type { ApiClient } from "../../src/api/client-types.ts";
import { type RunningEmulator, startEmulator } from "../../src/emulator/index.ts";
import { type Answer, docsync, type RunResult } from "./cli.ts";

export interface Harness {
  emulator: RunningEmulator;
  env: NodeJS.ProcessEnv;
  /** A client for setting up live state and reading it back, as another user of the API would. */
  api: ApiClient;
  org: string;
  /** Writes a configuration file and returns its path. */
  config(yaml: string, name?: string): Promise<string>;
  run(args: string[], options?: { answers?: Answer[]; env?: NodeJS.ProcessEnv }): Promise<RunResult>;
  /** Write calls the emulator answered since the last reset. */
  writes(): number;
  close(): Promise<void>;
}

export async function startHarness(options: { fixture?: string } = {}): Promise<Harness> {
  const emulator = await startEmulator({
    port: 0,
    strict: true,
    ...(options.fixture ? { fixture: options.fixture } : {}),
  });
  const dir = await mkdtemp(join(tmpdir(), "docsync-test-"));
  const env = {
    DOCSYNC_API_URL: emulator.url,
    DOCSYNC_TOKEN: emulator.token,
    DOCSYNC_ORG: emulator.organizationId,
  };
  const api = createApiClient({ baseUrl: emulator.url, token: emulator.token });
  let files = 0;
  return {
    emulator,
    env,
    api,
    org: emulator.organizationId,
    async config(yaml, name) {
      const path = join(dir, name ?? `config-${++files}.yaml`);
      await writeFile(path, yaml);
      return path;
    },
    run: (args, options = {}) =>
      docsync(args, {
        env: { ...env, ...options.env },
        ...(options.answers ? { answers: options.answers } : {}),
      }),
    writes: () => emulator.stats().writes,
    async close() {
      await api.close();
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Applies a configuration, asserting success, and returns the output. */
export async function applied(harness: Harness, path: string): Promise<RunResult> {
  const result = await harness.run(["apply", "-c", path, "--yes"]);
  if (result.code !== 0)
    throw new Error(`apply failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
}
