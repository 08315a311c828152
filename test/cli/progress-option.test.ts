// --progress and DOCSYNC_PROGRESS, in-process (the error stream is no terminal here): always
// prints plain lines on the error stream, auto and never print none, and the standard output
// is the same whatever the mode.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sectionsConfig } from "../support/configs.ts";
import { type Harness, startHarness } from "../support/harness.ts";

describe("--progress", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("always: plain lines of the apply on the error stream; the standard output unchanged", async () => {
    const config = await h.config(sectionsConfig(10));
    const quiet = await h.run(["plan", "-c", config, "--progress", "never"]);
    const plan = await h.run(["plan", "-c", config, "--progress", "always"]);
    expect(plan.stdout).toBe(quiet.stdout);
    expect(quiet.stderr).toBe("");
    const applied = await h.run(["apply", "-c", config, "--yes"], { env: { DOCSYNC_PROGRESS: "always" } });
    expect(applied.code).toBe(0);
    const lines = applied.stderr.split("\n").filter((line) => line.startsWith("Applying: "));
    expect(lines.at(-1)).toMatch(/^Applying: 31\/31 calls \(100%\)/);
    // A tenth at a time at most, never an erasing sequence.
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(applied.stderr).not.toContain("\x1b[");
    expect(applied.stdout).toContain("Apply complete: 21 changes in 31 calls.");
  });

  it("auto: nothing on an error stream that is no terminal", async () => {
    const config = await h.config(sectionsConfig(10));
    const applied = await h.run(["apply", "-c", config, "--yes"]);
    expect(applied.code).toBe(0);
    expect(applied.stderr).toBe("");
  });

  it("a wrong value is a usage error before anything is read", async () => {
    const config = await h.config(sectionsConfig(1));
    const flag = await h.run(["plan", "-c", config, "--progress", "sometimes"]);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain(
      "option '--progress <when>' argument 'sometimes' is invalid. must be one of never, auto, always",
    );
    const variable = await h.run(["drift", "-c", config], { env: { DOCSYNC_PROGRESS: "sometimes" } });
    expect(variable.code).toBe(1);
    expect(variable.stderr).toBe(
      'Error: DOCSYNC_PROGRESS must be one of never, auto, always (got "sometimes").\n',
    );
    expect(h.emulator.requests).toHaveLength(0);
  });
});
