// `--format json` when a command fails: the standard output still holds one JSON document, with
// the error's code, and the exit code is the one without --format json. validate's and apply's
// are their own documents; every other command's is a docsync-error. Each matches its schema.

import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sectionsConfig } from "../support/configs.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";
import { conforms as document } from "../support/json-schemas.ts";
import { spawnDocsync } from "../support/process.ts";

const errorDocument = (stdout: string) => document("error.schema.json", stdout);

/** A port nothing listens on: one the system gave out, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("--format json on failure", () => {
  let h: Harness;
  let teams: string;
  beforeAll(async () => {
    h = await startHarness();
    teams = await h.config(`version: 1\norganization: \${DOCSYNC_ORG}\nteams:\n  - title: Writers\n`);
  });
  afterAll(() => h.close());
  beforeEach(() => h.emulator.setFaults({}));

  it("validate: its own document for an invalid configuration, the error document without one", async () => {
    const bad = await h.config("version: 1\norganization: org_acme\nteams:\n  - titel: Writers\n");
    const invalid = await h.run(["validate", "-c", bad, "--format", "json"]);
    expect(invalid.code).toBe(1);
    expect(document("validation.schema.json", invalid.stdout)).toMatchObject({
      format: "docsync-validation",
      valid: false,
      code: "config.invalid",
    });
    // The repository has no docsync.yaml: validate without -c finds no configuration.
    const none = await h.run(["validate", "--format", "json"]);
    expect(none.code).toBe(1);
    expect(errorDocument(none.stdout)).toEqual({
      format: "docsync-error",
      version: 1,
      command: "validate",
      code: "config.not-found",
      error: expect.stringMatching(/^No configuration: pass -c/),
      exitCode: 1,
    });
    expect(none.stderr).toMatch(/^Error: No configuration/);
  });

  it("plan, drift and export: a bad token is api.unauthorized, an unreachable API api.network", async () => {
    const unreachable = { DOCSYNC_API_URL: `http://127.0.0.1:${await closedPort()}` };
    // At once: each run against the unreachable API waits out its retries' backoff.
    const runs = [
      ["plan", "-c", teams, "--format", "json"],
      ["plan", "-c", teams, "--json"],
      ["drift", "-c", teams, "--format", "json"],
      ["export", "--org", h.org, "--format", "json"],
    ].map(async (args) => ({
      args,
      badToken: await h.run(args, { env: { DOCSYNC_TOKEN: "not-a-valid-token" } }),
      network: await h.run(args, { env: unreachable }),
    }));
    for (const { args, badToken, network } of await Promise.all(runs)) {
      expect(badToken.code, args.join(" ")).toBe(1);
      expect(errorDocument(badToken.stdout)).toMatchObject({
        command: args[0],
        code: "api.unauthorized",
        error: expect.stringContaining("401 Unauthorized"),
        exitCode: 1,
      });
      expect(network.code, args.join(" ")).toBe(1);
      expect(errorDocument(network.stdout)).toMatchObject({ command: args[0], code: "api.network" });
    }
  });

  it("a bad configuration: config.invalid for the commands without a document of their own", async () => {
    const bad = await h.config("version: 1\norganization: org_acme\nteams: nope\n");
    for (const command of ["plan", "drift"]) {
      const result = await h.run([command, "-c", bad, "--format", "json"]);
      expect(result.code).toBe(1);
      expect(errorDocument(result.stdout)).toMatchObject({ command, code: "config.invalid" });
      expect(result.stderr).toContain("teams: must be a list");
    }
    const apply = await h.run(["apply", "-c", bad, "--yes", "--format", "json"]);
    expect(apply.code).toBe(1);
    expect(document("apply-report.schema.json", apply.stdout)).toMatchObject({
      status: "error",
      code: "config.invalid",
      rounds: [],
    });
  });

  it("apply: a failed call is status failed, apply.failed; a bad token status error, api.unauthorized", async () => {
    const config = await h.config(`version: 1\norganization: \${DOCSYNC_ORG}\nteams:\n  - title: Refused\n`);
    h.emulator.failNext({ method: "PUT", path: /\/teams$/, kind: "status", status: 409 });
    const failed = await h.run(["apply", "-c", config, "--yes", "--format", "json"]);
    expect(failed.code).toBe(1);
    const report = document("apply-report.schema.json", failed.stdout);
    expect(report).toMatchObject({ status: "failed", code: "apply.failed" });
    expect(report.rounds).toEqual([
      expect.objectContaining({
        calls: [
          expect.objectContaining({
            status: "failed",
            code: "api.rejected",
            error: expect.stringContaining("409 Conflict"),
          }),
        ],
      }),
    ]);
    // Each failed call has its own code: a write the service refuses the token for is not a 409.
    h.emulator.failNext({ method: "PUT", path: /\/teams$/, kind: "status", status: 401 });
    const refused = await h.run(["apply", "-c", config, "--yes", "--format", "json"]);
    expect(document("apply-report.schema.json", refused.stdout).rounds).toEqual([
      expect.objectContaining({
        calls: [expect.objectContaining({ status: "failed", code: "api.unauthorized" })],
      }),
    ]);

    const badToken = await h.run(["apply", "-c", config, "--yes", "--format", "json"], {
      env: { DOCSYNC_TOKEN: "not-a-valid-token" },
    });
    expect(badToken.code).toBe(1);
    expect(document("apply-report.schema.json", badToken.stdout)).toMatchObject({
      status: "error",
      code: "api.unauthorized",
    });
  });

  it("apply of a saved plan: a stale plan is plan.stale; show of an edited one plan.modified", async () => {
    const config = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\nteams:\n  - title: Late\n  - title: Early\n`,
    );
    const out = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", out])).code).toBe(0);
    // One made by hand meanwhile: planned again, the plan makes other calls (one create of two).
    await h.api.send({ method: "PUT", path: `/orgs/${h.org}/teams`, body: { title: "Late" } });
    const stale = await h.run(["apply", out, "-c", config, "--format", "json"]);
    expect(stale.code).toBe(1);
    expect(document("apply-report.schema.json", stale.stdout)).toMatchObject({
      status: "error",
      code: "plan.stale",
      planFile: out,
    });

    await writeFile(out, (await readFile(out, "utf8")).replace('"Late"', '"Later"'));
    const edited = await h.run(["show", out, "--format", "json"]);
    expect(edited.code).toBe(1);
    expect(errorDocument(edited.stdout)).toMatchObject({ command: "show", code: "plan.modified" });
    const missing = await h.run(["show", `${out}.missing`, "--format", "json"]);
    expect(errorDocument(missing.stdout)).toMatchObject({ command: "show", code: "plan.file" });
  });

  it("a plan file that cannot be written prints the error document alone, not the plan before it", async () => {
    const unwritable = await h.run([
      "plan",
      "-c",
      teams,
      "--format",
      "json",
      "--out",
      "/nonexistent/plan.json",
    ]);
    expect(unwritable.code).toBe(1);
    expect(errorDocument(unwritable.stdout)).toMatchObject({ command: "plan", code: "plan.file" });
  });

  it("a plan with a change protect: true forbids is the plan, with what apply refuses, and exit 3", async () => {
    const field = (type: string) =>
      h.config(
        `version: 1\norganization: \${DOCSYNC_ORG}\ncustomFields:\n  - { name: tier, type: ${type}, title: Tier, protect: true }\n`,
      );
    await applied(h, await field("text"));
    const blocked = await h.run(["plan", "-c", await field("number"), "--format", "json"]);
    expect(blocked.code).toBe(3);
    expect(document("plan.schema.json", blocked.stdout).refusals).toEqual([
      expect.objectContaining({ code: "plan.protected", addresses: ['custom field "tier"'] }),
    ]);
  });

  it("a usage error is cli.usage; export's refusals have their codes", async () => {
    const usage = await h.run(["plan", "-c", teams, "--format", "json", "--parallelism", "0"]);
    expect(usage.code).toBe(1);
    expect(errorDocument(usage.stdout)).toMatchObject({
      command: "plan",
      code: "cli.usage",
      error: expect.stringContaining("--parallelism"),
    });
    const unknown = await h.run(["drift", "--format=json", "--bogus"]);
    expect(errorDocument(unknown.stdout)).toMatchObject({ command: "drift", code: "cli.usage" });
    // Without --format json, nothing on the standard output.
    expect((await h.run(["plan", "-c", teams, "--bogus"])).stdout).toBe("");

    const exists = await h.run(["export", "--org", h.org, "-o", teams, "--format", "json"]);
    expect(errorDocument(exists.stdout)).toMatchObject({ code: "export.file-exists" });
    const noOrg = await h.run(["export", "--format", "json"], { env: { DOCSYNC_ORG: "" } });
    expect(errorDocument(noOrg.stdout)).toMatchObject({ code: "cli.no-organization" });
  });

  it("a signal: cli.interrupted before any call, apply.interrupted in apply's own document", async () => {
    // With the site there, planning reads in two rounds: the signal comes during the second.
    const site = await h.config(sectionsConfig(6));
    await applied(h, await h.config(sectionsConfig(6).replace(/ {4}sections:[\s\S]*$/, "")));
    h.emulator.setFaults({ latencyMs: 400 });
    const seen = h.emulator.stats().total;
    const plan = spawnDocsync(["plan", "-c", site, "--format", "json"], h.env);
    while (h.emulator.stats().total === seen) await sleep(5);
    plan.child.kill("SIGINT");
    expect((await plan.exited).code).toBe(130);
    expect(errorDocument(plan.stdout())).toEqual({
      format: "docsync-error",
      version: 1,
      command: "plan",
      code: "cli.interrupted",
      error: "Interrupted (SIGINT): nothing was changed.",
      exitCode: 130,
    });

    h.emulator.setFaults({ latencyMs: 150 });
    h.emulator.resetLog();
    const apply = spawnDocsync(["apply", "-c", site, "--yes", "--format", "json"], h.env);
    while (!h.emulator.requests.some((entry) => entry.method !== "GET")) await sleep(5);
    apply.child.kill("SIGTERM");
    expect((await apply.exited).code).toBe(143);
    const report = document("apply-report.schema.json", apply.stdout());
    expect(report).toMatchObject({ status: "error", code: "apply.interrupted" });
    expect(report.error).toMatch(/^Apply interrupted \(SIGTERM\): /);
  });
});
