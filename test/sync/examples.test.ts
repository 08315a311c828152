// Every example of examples/: plan, apply, and a second plan that finds nothing to do, against
// the emulator started with the examples' own fixture, the way the README's quick start runs them.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONFIGURATION_EXAMPLES } from "../support/examples.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const EXAMPLES = CONFIGURATION_EXAMPLES;

describe("examples", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
  });
  afterEach(() => h.close());

  it("has the examples the README names", () => {
    expect(EXAMPLES).toEqual([
      "examples/branding",
      "examples/multi-section",
      "examples/multi-section-reorganized",
      "examples/organization",
      "examples/single-site",
    ]);
  });

  for (const example of EXAMPLES) {
    it(`${example}: plan, apply, then nothing to do`, async () => {
      const plan = await h.run(["plan", "-c", example, "--detailed-exitcode"]);
      expect(plan.code).toBe(2);
      const apply = await h.run(["apply", "-c", example, "--yes"]);
      expect(apply.stderr).toBe("");
      expect(apply.code).toBe(0);
      expect(apply.stdout).toContain("Live state matches the configuration.");
      h.emulator.resetLog();
      const again = await h.run(["plan", "-c", example, "--detailed-exitcode"]);
      expect(again.stdout).toBe("No changes: live state matches the configuration.\n");
      expect(again.code).toBe(0);
      expect(h.writes()).toBe(0);
    });
  }
});
