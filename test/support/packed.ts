// The package as `npm pack` makes it (its `prepare` builds dist/ first), made once per test run
// and shared by the test files that need it: packing builds the CLI, the library and its
// declarations (a whole tsc run), and two packs at once would each rebuild dist/ under the
// other. The first file to ask packs, in a folder test/global-setup.ts empties before the run;
// a file that asks meanwhile, in this worker or the other, waits for that pack to end.

import { execFile } from "node:child_process";
import { existsSync, watch } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The folder of this run's tarball, under node_modules/ where git does not look. */
export const PACK_DIR = resolve(ROOT, "node_modules/.cache/docsync-test/pack");
/** Taken by the one file that packs (mkdir fails for the others). */
const CLAIM = join(PACK_DIR, "claimed");
/** Written when the pack ended: the tarball and its files, or why there is none. */
const OUTCOME = join(PACK_DIR, "outcome.json");

export interface PackResult {
  filename: string;
  unpackedSize: number;
  files: { path: string }[];
}

export interface Packed extends PackResult {
  /** The tarball's path. */
  tarball: string;
}

type Outcome = { packed: PackResult } | { failed: string };

/** Empties PACK_DIR: the next ask packs the sources as they are now (global setup). */
export async function forgetPacked(): Promise<void> {
  await rm(PACK_DIR, { recursive: true, force: true });
}

let mine: Promise<Packed> | undefined;

/** This run's tarball of the package, packed by whichever test file asked first. */
export function packedPackage(): Promise<Packed> {
  mine ??= claimOrWait().then((outcome) => {
    if ("failed" in outcome) throw new Error(`npm pack failed:\n${outcome.failed}`);
    return { ...outcome.packed, tarball: join(PACK_DIR, outcome.packed.filename) };
  });
  return mine;
}

async function claimOrWait(): Promise<Outcome> {
  await mkdir(PACK_DIR, { recursive: true });
  try {
    await mkdir(CLAIM);
  } catch {
    return await outcomeWhenWritten();
  }
  const outcome = await pack();
  // Written whole, then renamed: a waiting file never reads half of it.
  await writeFile(`${OUTCOME}.part`, JSON.stringify(outcome));
  await rename(`${OUTCOME}.part`, OUTCOME);
  return outcome;
}

async function pack(): Promise<Outcome> {
  try {
    const { stdout } = await run(npm, ["pack", "--json", "--pack-destination", PACK_DIR], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    // npm prints the prepare build's output before the JSON.
    return { packed: (JSON.parse(stdout.slice(stdout.indexOf("[\n"))) as PackResult[])[0]! };
  } catch (error) {
    const failed = error as Error & { stderr?: string };
    return { failed: failed.stderr || failed.message };
  }
}

/** The outcome the packing file writes, once it is there. */
function outcomeWhenWritten(): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let read = false;
    const readOnce = () => {
      if (read) return;
      read = true;
      watcher.close();
      readFile(OUTCOME, "utf8").then((text) => resolve(JSON.parse(text) as Outcome), reject);
    };
    const watcher = watch(PACK_DIR, (_event, name) => {
      if (name === "outcome.json") readOnce();
    });
    // Written before the watch began: no event will come for it.
    if (existsSync(OUTCOME)) readOnce();
  });
}
