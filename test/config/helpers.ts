// Helpers for the configuration tests: write YAML files into a fresh temporary folder and
// load them the way the CLI does.

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ConfigError } from "../../src/config/diagnostics.ts";
import { loadConfig } from "../../src/config/load.ts";
import type { DesiredState } from "../../src/config/types.ts";

/** Writes `files` (relative path → content) into a new temporary folder and returns it. */
export function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "docsync-config-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

/** Loads `paths` from a tree written with `files`, with `env` as the only environment. */
export function load(
  files: Record<string, string>,
  paths: string[] = Object.keys(files).filter((f) => /\.ya?ml$/.test(f)),
  env: Record<string, string | undefined> = {},
): Promise<DesiredState> {
  return loadConfig({ paths, cwd: writeTree(files), env });
}

/** The ConfigError message of loading `files`; fails the test when loading succeeds. */
export async function loadErrors(
  files: Record<string, string>,
  paths?: string[],
  env?: Record<string, string | undefined>,
): Promise<string> {
  const error = await load(files, paths, env).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(error)}`);
  return error.message;
}

/** The text of a file: lines joined, so that tests can show YAML with its line numbers in mind. */
export function yaml(...lines: string[]): string {
  return `${lines.join("\n")}\n`;
}
