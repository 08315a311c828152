// The types a user of the package sees: a consumer of every export through `import "docsync"`
// (test/library/consumer/, whose @ts-expect-error lines must each be errors) and examples/library/,
// type-checked. `import "docsync"` resolves to src/index.ts here through the package's
// "docsync-source" export condition (tsconfig.json's customConditions). Only those files are
// checked, with what they use of the sources: the sources' own bodies are `tsc --noEmit -p .`'s
// to check, which a full check here did again, three times the time on a cold cache.

import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");

describe('the types of `import "docsync"`', () => {
  it("type-check a consumer of every export, and the example", { timeout: 240_000 }, async () => {
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
