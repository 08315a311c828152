// examples/library/plan.mjs against the emulator, both ways docs/library.md runs it: from a clone
// (`npm run example:library`, the sources through tsx) and against the build (`node plan.mjs`,
// `import "docsync"` resolving to the package's dist/index.js, which this run's pack builds).
// What it prints and its exit code are the subject, so it runs as a process.

import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { packedPackage } from "../support/packed.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

interface Ended {
  code: number;
  stdout: string;
  stderr: string;
}

/** The example from a clone, or against the build (`built`, once this run's pack has built it). */
async function example(config: string, env: NodeJS.ProcessEnv, built = false): Promise<Ended> {
  if (built) await packedPackage();
  const [command, args] = built
    ? [process.execPath, ["examples/library/plan.mjs", config]]
    : [npm, ["run", "--silent", "example:library", "--", config]];
  return run(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: Ended) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

// As long as this run's pack may take, for the run against the build.
describe("the library example", { timeout: 240_000 }, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
  });
  afterAll(async () => {
    await h?.close();
  });

  // The two at once: each is a process that only reads the organization.
  it.concurrent("plans a configuration and prints its summary, exit 2 for changes", async () => {
    const ended = await example("examples/single-site", {
      DOCSYNC_API_URL: h.emulator.url,
      DOCSYNC_TOKEN: h.emulator.token,
    });
    expect(ended).toEqual({
      code: 2,
      stdout: [
        "Organization org_acme",
        '  create site "Acme Handbook"',
        '  create site "Acme Handbook" › site space "handbook"',
        '  create site "Acme Handbook" › site space "changelog"',
        '  create site "Acme Handbook" › redirect "/docs"',
        "4 to create, 0 to update, 0 to replace, 0 to move, 0 to delete.",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it.concurrent("prints a failure's stable code and message, never the token, and exits 1, against the build", async () => {
    const token = "tok_not_a_user_0123456789";
    const ended = await example(
      "examples/single-site",
      { DOCSYNC_API_URL: h.emulator.url, DOCSYNC_TOKEN: token },
      true,
    );
    expect(ended.code).toBe(1);
    expect(ended.stdout).toBe("");
    expect(ended.stderr).toMatch(/^api\.unauthorized: GET \/orgs\/org_acme\/\S+ failed: 401 /);
    expect(ended.stderr).not.toContain(token);
    expect(ended.stderr.split("\n")).toHaveLength(2);
  });
});
