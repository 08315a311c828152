// The types a user of the package sees: tsc of a consumer of every export through
// `import "docsync"` (test/library/consumer/, whose @ts-expect-error lines must each be errors)
// and of examples/library/. `import "docsync"` resolves to src/index.ts here through the package's
// "docsync-source" export condition (tsconfig.json's customConditions). tsc keeps what it found
// of each file between runs (--incremental, in node_modules/.cache): it checks again only the
// files that changed and those that depend on them.

import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");
const BUILD_INFO = join(ROOT, "node_modules/.cache/docsync-test/consumer.tsbuildinfo");

describe('the types of `import "docsync"`', () => {
  it("type-check a consumer of every export, and the example", { timeout: 240_000 }, async () => {
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    const checked = await run(
      process.execPath,
      [
        tsc,
        "--noEmit",
        "--incremental",
        "--tsBuildInfoFile",
        BUILD_INFO,
        "-p",
        "test/library/consumer/tsconfig.json",
      ],
      {
        cwd: ROOT,
      },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(checked).toEqual({ code: 0, stdout: "" });
  });
});
