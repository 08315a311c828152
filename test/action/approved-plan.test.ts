// The approved-plan flow, the action's steps run in this process: a pull request's plan step
// saves the plan, a later apply step applies exactly that plan, or refuses it once the live
// organization changed. Also what a step says about itself: label, counts, commit and run,
// folded log, verbose log under RUNNER_DEBUG.

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import { VERSION } from "../../src/version.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { commandsIn, type Workspace, workspace } from "./support.ts";

const HEAD = "0123456789abcdef0123456789abcdef01234567";

describe("the approved-plan flow", () => {
  let h: Harness;
  let ws: Workspace;
  let inputs: Record<string, string>;
  let env: Record<string, string>;

  beforeEach(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    ws = await workspace();
    await ws.copy("examples/organization", "config");
    const event = join(ws.dir, "event.json");
    await writeFile(event, JSON.stringify({ pull_request: { number: 7, head: { sha: HEAD } } }));
    inputs = { command: "plan", config: "config", "api-url": h.emulator.url, token: h.emulator.token };
    env = {
      DOCSYNC_ORG: h.org,
      GITHUB_EVENT_PATH: event,
      GITHUB_SHA: "f".repeat(40),
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "acme/docs-config",
      GITHUB_RUN_ID: "42",
      GITHUB_RUN_ATTEMPT: "2",
    };
  });
  afterEach(async () => {
    await ws.close();
    await h.close();
  });

  it("plan saves the plan and counts it; apply of that plan makes exactly its calls, though an unmanaged site appeared", async () => {
    const plan = await ws.run({ ...inputs, label: "production" }, env);
    expect(plan.code).toBe(0);
    expect(plan.outputs).toMatchObject({
      changes: "true",
      creates: "14",
      updates: "5",
      moves: "0",
      deletes: "0",
      "comment-marker": "<!-- docsync-plan:production -->",
    });
    // The report (and so the comment) starts with its marker and ends with where it comes from:
    // the pull request's head commit, not the merge commit, and the run at its attempt.
    expect(plan.summary.startsWith("<!-- docsync-plan:production -->\n### docsync plan")).toBe(true);
    expect(plan.summary).toContain(
      `<sub>label \`production\` · commit \`${HEAD.slice(0, 12)}\` · [workflow run](https://github.com/acme/docs-config/actions/runs/42/attempts/2) · docsync ${VERSION}</sub>\n`,
    );
    // The plan's text is folded in the log.
    const commands = commandsIn(plan.stdout);
    expect(commands).toContain(
      "::group::docsync plan: Plan: 14 to create (3 collections, 3 teams, 3 space permissions, 2 custom fields, 1 SAML provider, 1 OpenAPI spec, 1 translation), 5 to update (2 members, 1 collection, 1 settings, 1 space), 0 to move, 0 to delete.",
    );
    expect(commands).toContain("::endgroup::");

    const saved = JSON.parse(await readFile(plan.outputs["saved-plan"]!, "utf8"));
    expect(saved).toMatchObject({ format: "docsync-plan", version: 4, organization: h.org });
    expect(h.writes()).toBe(0);

    // Someone makes a site by hand that the configuration does not manage: no matter.
    await h.api.send({ method: "POST", path: `/orgs/${h.org}/sites`, body: { title: "Hand made" } });
    h.emulator.resetLog();
    const apply = await ws.run({ ...inputs, command: "apply", plan: plan.outputs["saved-plan"]! }, env);
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
    expect(apply.outputs).toMatchObject({
      changes: "true",
      creates: "14",
      "exit-code": "0",
      "changes-made": "19",
      "calls-made": "23",
      "saved-plan": "",
    });
    expect(apply.summary).toContain("**Apply complete: 19 changes in 23 calls, exactly as planned in");
    expect(commandsIn(apply.stdout)[1]).toMatch(/^::group::docsync apply .*saved-plan\.json$/);
    expect(h.writes()).toBe(23);

    const after = await ws.run(inputs, env);
    expect(after.outputs.changes).toBe("false");

    // The apply job run again, with the same approved plan: it is applied already, and succeeds.
    h.emulator.resetLog();
    const rerun = await ws.run({ ...inputs, command: "apply", plan: plan.outputs["saved-plan"]! }, env);
    expect(rerun.code).toBe(0);
    expect(rerun.outputs).toMatchObject({ "exit-code": "0", "failure-reason": "", "changes-made": "0" });
    expect(rerun.summary).toContain(
      "is already applied: the live organization matches it; nothing was changed.",
    );
    expect(h.writes()).toBe(0);
  });

  it("refuses an approved plan the live organization no longer fits, then applies the plan for now once approved", async () => {
    const plan = await ws.run(inputs, env);
    expect(plan.code).toBe(0);
    // Someone adds the team the plan creates by hand, after the plan was approved.
    await h.api.send({ method: "PUT", path: `/orgs/${h.org}/teams`, body: { title: "Support" } });
    const teams = await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`);
    expect(teams.map((team) => team.title)).toContain("Support");
    h.emulator.resetLog();

    const apply = await ws.run({ ...inputs, command: "apply", plan: plan.outputs["saved-plan"]! }, env);
    expect(apply.code).toBe(1);
    expect(h.writes()).toBe(0);
    expect(apply.outputs).toMatchObject({ "exit-code": "1", "changes-made": "0", "calls-made": "0" });
    const refusal = commandsIn(apply.stdout).find((line) => line.startsWith("::error::"));
    expect(refusal).toMatch(
      /^::error::The plan approved in .*saved-plan\.json .* is not the plan for the live organization now/,
    );
    // The way forward in the Action's own words: a workflow has no command line to type.
    expect(refusal).toMatch(
      /the plan for now is saved in .*: review it, and apply it with an apply step whose plan input is that file \(this step's saved-plan output\)\.$/,
    );
    expect(refusal).not.toContain("docsync apply ");
    // The summary (and so the comment): the difference by address, then the plan for now.
    expect(apply.summary).toContain(
      "### docsync apply · organization `org_acme` · approved plan out of date",
    );
    expect(apply.summary).toContain("#### Approved → now: 1 change only in the approved plan\n");
    expect(apply.summary).toContain('| - | team `"Support"` | create, only in the approved plan |');
    expect(apply.summary).toContain("#### The plan for now");
    expect(apply.summary).toContain(
      "**Plan: 13 to create (3 collections, 3 space permissions, 2 teams, 2 custom fields, 1 SAML provider, 1 OpenAPI spec, 1 translation), 5 to update (2 members, 1 collection, 1 settings, 1 space), 0 to move, 0 to delete.**",
    );
    const forNow = apply.outputs["saved-plan"]!;
    expect(forNow).toMatch(/saved-plan\.json$/);
    expect(forNow).not.toBe(plan.outputs["saved-plan"]);
    const certificate = (await readFile("examples/organization/okta.pem", "utf8")).trim().split("\n")[1]!;
    // The mask on the first line of the log is the one place the token is written.
    const log = apply.stdout.split("\n").slice(1).join("\n");
    for (const text of [apply.summary, log, await readFile(forNow, "utf8")]) {
      expect(text).not.toContain(h.emulator.token);
      expect(text).not.toContain(certificate);
    }

    // Approved: the plan for now is applied exactly.
    const approved = await ws.run({ ...inputs, command: "apply", plan: forNow }, env);
    expect(approved.stderr).toBe("");
    expect(approved.code).toBe(0);
    expect(approved.outputs).toMatchObject({ "changes-made": "18", "saved-plan": "" });
    expect((await ws.run(inputs, env)).outputs.changes).toBe("false");
  });

  it("apply without an approved plan only plans, for approval, unless auto-approve is set", async () => {
    const push = await ws.run({ ...inputs, command: "apply" }, env);
    expect(push.code).toBe(1);
    expect(h.writes()).toBe(0);
    expect(commandsIn(push.stdout)).toContain(
      "::error::No approved plan: Plan: 14 to create (3 collections, 3 teams, 3 space permissions, 2 custom fields, 1 SAML provider, 1 OpenAPI spec, 1 translation), 5 to update (2 members, 1 collection, 1 settings, 1 space), 0 to move, 0 to delete. Nothing was changed. Approve the plan (this step's saved-plan output) by applying it with the plan input, or set auto-approve: true to apply without approval.",
    );
    expect(push.outputs).toMatchObject({
      "exit-code": "1",
      changes: "true",
      creates: "14",
      "changes-made": "0",
    });
    expect(push.summary).toContain("### docsync apply · organization `org_acme` · waiting for approval");
    expect(push.summary).toContain(
      "**Plan: 14 to create (3 collections, 3 teams, 3 space permissions, 2 custom fields, 1 SAML provider, 1 OpenAPI spec, 1 translation), 5 to update (2 members, 1 collection, 1 settings, 1 space), 0 to move, 0 to delete.**",
    );

    // Approved: that plan is applied exactly, named as a workflow names the artifact it downloaded
    // into the workspace (relative to it); then there is nothing left, which needs no approval.
    await ws.write("approved-plan.json", await readFile(push.outputs["saved-plan"]!, "utf8"));
    const approved = await ws.run({ ...inputs, command: "apply", plan: "approved-plan.json" }, env);
    expect(approved.code).toBe(0);
    expect(approved.outputs["changes-made"]).toBe("19");
    const nothing = await ws.run({ ...inputs, command: "apply" }, env);
    expect(nothing.code).toBe(0);
    expect(nothing.outputs).toMatchObject({ changes: "false", "saved-plan": "" });
    expect(nothing.summary).toContain("**No changes: live state matches the configuration.**");

    // auto-approve is an input of apply alone.
    const wrong = await ws.run({ ...inputs, "auto-approve": "true" }, env);
    expect(wrong.code).toBe(1);
    expect(commandsIn(wrong.stdout)).toContain("::error::Input auto-approve goes with command apply only.");
  });

  it("RUNNER_DEBUG=1 logs every API request", async () => {
    const quiet = await ws.run(inputs, env);
    expect(quiet.stdout).not.toContain("[api] GET");
    const debug = await ws.run(inputs, { ...env, RUNNER_DEBUG: "1" });
    expect(debug.code).toBe(0);
    expect(debug.stdout).toMatch(/^\[api\] GET \/orgs\/\S+ → 200 \(\d+ ms\)$/m);
    expect(debug.stdout.split("\n").slice(1).join("\n")).not.toContain(h.emulator.token);
  });

  it("refuses a saved plan for another command, and a label that is not a plain name", async () => {
    const wrong = await ws.run({ ...inputs, plan: "plan.json" }, env);
    expect(wrong.code).toBe(1);
    expect(commandsIn(wrong.stdout)).toContain(
      "::error::Input plan is a saved plan to apply: it goes with command apply only.",
    );
    const label = await ws.run({ ...inputs, label: "a --> b" }, env);
    expect(label.code).toBe(1);
    expect(commandsIn(label.stdout)[1]).toMatch(/^::error::Input label must be letters/);
    expect(h.writes()).toBe(0);
  });
});
