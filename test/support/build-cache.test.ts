// The tests' builds are made again exactly when what they are made from changed.

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUnlessCurrent, sourcesDigest } from "./build-cache.ts";

let root: string;

async function put(file: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, file)), { recursive: true });
  await writeFile(join(root, file), text);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "docsync-build-cache-"));
  await put("src/cli/main.ts", "export {};\n");
  await put("schemas/docsync.schema.json", "{}\n");
  await put("scripts/build.ts", "// build\n");
  await put("package-lock.json", "{}\n");
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("the digest of the sources", () => {
  it("is the same for the same files", async () => {
    expect(await sourcesDigest(root)).toBe(await sourcesDigest(root));
  });

  it.each([
    ["a source's content changes", () => put("src/cli/main.ts", "export const x = 1;\n")],
    ["a source is added", () => put("src/cli/other.ts", "")],
    ["a source is removed", () => rm(join(root, "src/cli/main.ts"))],
    [
      "a source is renamed",
      async () => {
        await rm(join(root, "src/cli/main.ts"));
        await put("src/cli/mains.ts", "export {};\n");
      },
    ],
    ["a schema changes (to as many bytes)", () => put("schemas/docsync.schema.json", "[]\n")],
    ["the build script changes", () => put("scripts/build.ts", "// build 2\n")],
    ["the dependencies change", () => put("package-lock.json", '{"a":1}\n')],
    ["the manifest appears", () => put("package.json", "{}\n")],
  ])("changes when %s", async (_, change) => {
    const before = await sourcesDigest(root);
    await change();
    expect(await sourcesDigest(root)).not.toBe(before);
  });

  it("tells a file's end from the next file's name", async () => {
    await put("src/a", "b");
    const before = await sourcesDigest(root);
    await rm(join(root, "src/a"));
    await put("src/ab", "");
    expect(await sourcesDigest(root)).not.toBe(before);
  });
});

describe("a build", () => {
  it("is made for new sources, not again for the same, and again after a failed build", async () => {
    const out = join(root, "out");
    await mkdir(out);
    let builds = 0;
    const build = async () => {
      builds += 1;
    };
    await buildUnlessCurrent(out, "one", build);
    await buildUnlessCurrent(out, "one", build);
    expect(builds).toBe(1);
    await buildUnlessCurrent(out, "two", build);
    expect(builds).toBe(2);

    const failing = async () => {
      builds += 1;
      throw new Error("the build failed");
    };
    await expect(buildUnlessCurrent(out, "three", failing)).rejects.toThrow("the build failed");
    await buildUnlessCurrent(out, "three", build);
    expect(builds).toBe(4);
    // A failed build may have overwritten part of the last good one ("three"): that is no longer current.
    await expect(buildUnlessCurrent(out, "two", failing)).rejects.toThrow("the build failed");
    await buildUnlessCurrent(out, "three", build);
    expect(builds).toBe(6);
  });
});
