// The types a user of the package sees: a consumer of every export through `import "docsync"`
// (test/library/consumer/, whose @ts-expect-error lines must each be errors) and examples/library/,
// type-checked against the declarations the package ships. The consumer's tsconfig drops the
// "docsync-source" export condition, so `import "docsync"` resolves as a user's does, to the
// package's "types", dist/types/index.d.ts: this run's pack builds it (support/packed.ts). A
// type that the sources export but the build's declarations lose fails here; and the
// declarations, a fifth of the sources' files, check in half the time.

import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { packedPackage } from "../support/packed.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");

describe('the types of `import "docsync"`', () => {
  it("type-check a consumer of every export, and the example", { timeout: 240_000 }, async () => {
    // dist/types/ as this run's pack built it from the sources.
    await packedPackage();
    const checked = await run(
      process.execPath,
      ["test/library/type-check-roots.mjs", "test/library/consumer/tsconfig.json"],
      { cwd: ROOT },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(checked).toEqual({ code: 0, stdout: "" });
  });
});
