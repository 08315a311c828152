// The tests' builds (the CLI's and the Action's bundles) are made again only when what they are
// made from changed: a build costs the run seconds of CPU (esbuild, and ajv generating the
// configuration's validators), and most runs follow a run of the same sources. What a build is
// made from is taken broadly, so that no change can leave a stale build behind: every file under
// src/ and schemas/, the build script, and the package's manifest and lockfile (the dependencies).

import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

/** Folders whose every file a build may read, and single files, relative to the repository. */
const SOURCE_FOLDERS = ["src", "schemas"];
const SOURCE_FILES = ["scripts/build.ts", "package.json", "package-lock.json", "tsconfig.json"];

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

/** A digest of the sources' names and contents (of the repository at `root`): equal digests, equal builds. */
export async function sourcesDigest(root = ROOT): Promise<string> {
  const listed = await Promise.all(SOURCE_FOLDERS.map((folder) => filesUnder(root, folder)));
  const files = [...listed.flat(), ...SOURCE_FILES];
  const contents = await Promise.all(files.map((file) => readFile(join(root, file)).catch(() => null)));
  const hash = createHash("sha256");
  files.forEach((file, i) => {
    const content = contents[i];
    // Names and lengths delimit the contents, so that no two sets of files hash alike.
    hash.update(`${file}\0${content === null || content === undefined ? -1 : content.length}\0`);
    if (content) hash.update(content);
  });
  return hash.digest("hex");
}

/**
 * Runs `build` unless the folder `dir` holds a build of sources with the digest `digest`. The
 * digest is written after the build succeeded, and removed before one starts: a build that
 * failed or was cut short is made again.
 */
export async function buildUnlessCurrent(
  dir: string,
  digest: string,
  build: () => Promise<void>,
): Promise<void> {
  const stamp = join(dir, ".sources-digest");
  const built = await readFile(stamp, "utf8").catch(() => "");
  if (built === digest) return;
  await rm(stamp, { force: true });
  await build();
  await writeFile(stamp, digest);
}
