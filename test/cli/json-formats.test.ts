// The JSON documents (plan, drift, apply, validation, export): each names its format and
// version and matches its schema in schemas/, whatever the outcome.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { docsync } from "../support/cli.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { conforms } from "../support/json-schemas.ts";

describe("JSON documents", () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsync-json-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  // An organization of each test's own: one test's apply changes what another plans.
  beforeEach(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
  });
  afterEach(async () => {
    await h.close();
  });

  it("validate: the diagnostics, valid or not", async () => {
    const ok = await docsync(["validate", "-c", "examples/organization", "--format", "json"], { env: h.env });
    expect(ok.code).toBe(0);
    expect(conforms("validation.schema.json", ok.stdout)).toEqual({
      format: "docsync-validation",
      version: 1,
      valid: true,
      files: ["examples/organization/docsync.yaml"],
      counts: {
        spaces: 1,
        sites: 0,
        spaceSettings: 1,
        collections: 4,
        teams: 3,
        members: 3,
        customFields: 2,
        samlProviders: 1,
        organizationSettings: 1,
        openApiSpecs: 1,
        translations: 1,
      },
      diagnostics: [],
    });
    const config = await h.config("version: 1\norganization: org_acme\nteams:\n  - titel: Writers\n");
    const bad = await docsync(["validate", "-c", config, "--format", "json"]);
    expect(bad.code).toBe(1);
    const report = conforms("validation.schema.json", bad.stdout);
    expect(report).toMatchObject({ valid: false, files: [config] });
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({ file: config, line: 4, column: 5, path: "teams[0].titel" }),
    );
    expect(bad.stderr).toMatch(/^Error: /);
  });

  it("plan and drift match their schemas", async () => {
    const plan = await h.run(["plan", "-c", "examples/organization", "--format", "json"]);
    expect(conforms("plan.schema.json", plan.stdout)).toMatchObject({ format: "docsync-plan", version: 2 });
    const out = join(dir, "saved.json");
    await h.run(["plan", "-c", "examples/organization", "--out", out]);
    conforms("plan.schema.json", await readFile(out, "utf8"));
    const drift = await h.run(["drift", "-c", "examples/organization", "--format", "json"]);
    expect(conforms("drift.schema.json", drift.stdout)).toMatchObject({
      format: "docsync-drift",
      drifted: true,
    });
  });

  it("apply: the report of every call on the standard output, the progress on the error stream", async () => {
    const apply = await h.run(["apply", "-c", "examples/organization", "--yes", "--format", "json"]);
    expect(apply.code).toBe(0);
    const report = conforms("apply-report.schema.json", apply.stdout) as {
      status: string;
      changesMade: number;
      callsMade: number;
      rounds: { changesMade: number; callsMade: number; calls: { address: string; status: string }[] }[];
    };
    expect(report).toMatchObject({
      format: "docsync-apply",
      version: 1,
      status: "applied",
      organization: h.org,
    });
    expect(report.rounds).toHaveLength(1);
    expect(report.rounds[0]!.calls.map((call) => [call.address, call.status])).toContainEqual([
      'team "Support"',
      "done",
    ]);
    // Every call of this plan is one request: as many calls as requests the emulator saw written or read.
    const made = /Apply complete: (\d+) changes in (\d+) calls\./.exec(apply.stderr);
    expect(made).not.toBeNull();
    expect(report.changesMade).toBe(Number(made![1]));
    expect(report.callsMade).toBe(Number(made![2]));
    expect(report.rounds[0]).toMatchObject({ changesMade: report.changesMade, callsMade: report.callsMade });
    expect(report.callsMade).toBe(report.rounds[0]!.calls.length);
    expect(apply.stdout).not.toContain("BEGIN CERTIFICATE");

    const again = await h.run(["apply", "-c", "examples/organization", "--yes", "--format", "json"]);
    expect(conforms("apply-report.schema.json", again.stdout)).toMatchObject({
      status: "no-changes",
      rounds: [],
    });
  });

  it("apply: a refused saved plan still prints its report, with the error", async () => {
    const out = join(dir, "stale.json");
    const config = await h.config(
      `version: 1\norganization: ${h.org}\nteams:\n  - title: Late\n  - title: Early\n`,
    );
    await h.run(["plan", "-c", config, "--out", out]);
    // Someone makes one team by hand after the plan was made: the plan for now makes one create of two.
    await h.api.send({ method: "PUT", path: `/orgs/${h.org}/teams`, body: { title: "Late" } });
    const apply = await h.run(["apply", out, "-c", config, "--format", "json"]);
    expect(apply.code).toBe(1);
    const report = conforms("apply-report.schema.json", apply.stdout);
    expect(report).toMatchObject({
      status: "error",
      planFile: out,
      changesMade: 0,
      callsMade: 0,
      rounds: [],
    });
    expect(report.error).toMatch(/^The plan approved in .* is not the plan for the live organization now/);
    expect(report.error).toContain('  - team "Late" (create): only in the approved plan');
  });

  it("export: what was written, or the configuration itself without -o", async () => {
    const file = join(dir, "exported.yaml");
    const written = await h.run(["export", "--org", h.org, "-o", file, "--format", "json"]);
    expect(written.code).toBe(0);
    const report = conforms("export.schema.json", written.stdout);
    expect(report).toMatchObject({ format: "docsync-export", organization: h.org, file });
    expect(report.yaml).toBeUndefined();
    const printed = await h.run(["export", "--org", h.org, "--format", "json"]);
    const inline = conforms("export.schema.json", printed.stdout);
    // The two exports may fall in different seconds: their headers say when each was made.
    const undated = (yaml: string) => yaml.replace(/exported on \S+Z\./, "exported on (time).");
    expect(undated(String(inline.yaml))).toBe(undated(await readFile(file, "utf8")));
    expect(inline.file).toBeUndefined();
  });
});
