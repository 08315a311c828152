// A wrong organization id is said to be one, not taken for a service without a feature.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";

describe("a wrong organization", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("plan names the organization and what to check, with exit 1 and no stack", async () => {
    const path = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\nteams:\n  - { title: Writers }\n`,
    );
    const result = await h.run(["plan", "-c", path], { env: { DOCSYNC_ORG: "org_nope" } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Organization "org_nope" not found');
    expect(result.stderr).toContain("DOCSYNC_ORG");
    expect(result.stderr).not.toContain("seems not to offer");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("plan -o saves the plan like --out", async () => {
    const path = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\nteams:\n  - { title: Docs crew }\n`,
    );
    const saved = `${path}.plan.json`;
    const result = await h.run(["plan", "-c", path, "-o", saved]);
    expect(result.code, result.stderr).toBe(0);
    const applied = await h.run(["apply", saved, "-c", path, "--yes"]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr + applied.stdout).toContain("exactly as planned");
  });
});
