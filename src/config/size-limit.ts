// The largest configuration docsync reads. Loading costs far more memory than the text (about
// 20 times: the value, the position of every node, the checked and resolved items), so a
// configuration that is too large is refused before any file is read, with one line saying so,
// rather than running for a long time and dying with the heap exhausted.

import { DocsyncError } from "../errors.ts";
import { escapeControl } from "./diagnostics.ts";
import type { ConfigFileRef } from "./files.ts";
import type { Env } from "./interpolate.ts";

/** In megabytes (1,000,000 bytes), over all the files of a configuration. */
export const DEFAULT_MAX_CONFIG_MB = 10;
export const MAX_CONFIG_MB_VARIABLE = "DOCSYNC_CONFIG_MAX_MB";

/** Throws when the files add up to more than the limit (DEFAULT_MAX_CONFIG_MB, or the variable). */
export function checkConfigSize(files: readonly ConfigFileRef[], env: Env): void {
  const limitMb = maxConfigMb(env);
  let total = 0;
  let largest: ConfigFileRef | undefined;
  for (const file of files) {
    total += file.size;
    if (largest === undefined || file.size > largest.size) largest = file;
  }
  if (total <= limitMb * 1e6 || largest === undefined) return;
  const inFiles =
    files.length === 1
      ? ""
      : ` in ${files.length} files (the largest: ${escapeControl(largest.name)}, ${megabytes(largest.size)})`;
  throw new DocsyncError(
    "config.too-large",
    `the configuration is ${megabytes(total)}${inFiles}, over the limit of ${limitMb} MB; nothing was read. Set ${MAX_CONFIG_MB_VARIABLE} to raise the limit.`,
  );
}

function maxConfigMb(env: Env): number {
  const given = env[MAX_CONFIG_MB_VARIABLE];
  if (given === undefined || given === "") return DEFAULT_MAX_CONFIG_MB;
  const value = Number(given);
  if (!Number.isFinite(value) || value <= 0) {
    throw new DocsyncError(
      "config.invalid",
      `${MAX_CONFIG_MB_VARIABLE} must be a positive number of megabytes (got "${escapeControl(given)}")`,
    );
  }
  return value;
}

function megabytes(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
}
