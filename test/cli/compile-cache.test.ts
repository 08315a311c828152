// From Node.js 22.1 on, the built CLI keeps V8's compiled code of its modules on disk for the next
// run, in the temporary directory unless NODE_COMPILE_CACHE names another (which would turn the
// cache on by itself); older versions have no such cache, so the test is theirs to skip.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnDocsync } from "../support/process.ts";

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const hasCompileCache = major > 22 || (major === 22 && minor >= 1);
const EXAMPLE = join(import.meta.dirname, "../../examples/organization");

/** Every file under `dir`, as paths relative to it. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("the compile cache", () => {
  it.skipIf(!hasCompileCache)("holds the compiled modules of a run, for the next", async () => {
    const temporary = await mkdtemp(join(tmpdir(), "docsync-compile-cache-"));
    try {
      const run = spawnDocsync(["validate", "-c", EXAMPLE], { TMPDIR: temporary });
      expect((await run.exited).code).toBe(0);
      expect(run.stdout()).toMatch(/^Configuration is valid/);
      expect((await filesIn(join(temporary, "node-compile-cache"))).length).toBeGreaterThan(5);
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
  });
});
