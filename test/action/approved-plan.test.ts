// The approved-plan flow, run from the bundle as the runner runs it: a pull request's plan step
// saves the plan, a later apply step applies exactly that plan, or refuses it once the live
// organization changed. Also what a step says about itself: label, counts, commit and run,
// folded log, verbose log under RUNNER_DEBUG.

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveTeam } from "../../src/kinds/team.ts";
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

  it("plan saves the plan and counts it; apply of that plan makes exactly its calls", async () => {
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
    expect(saved).toMatchObject({ format: "docsync-plan", version: 2, organization: h.org });
    expect(h.writes()).toBe(0);

    const apply = await ws.run({ ...inputs, command: "apply", plan: plan.outputs["saved-plan"]! }, env);
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
    expect(apply.outputs).toMatchObject({ changes: "true", creates: "14", "exit-code": "0" });
    expect(apply.summary).toContain("call(s) made, exactly as planned in");
    expect(commandsIn(apply.stdout)[1]).toMatch(/^::group::docsync apply .*saved-plan\.json$/);
    expect(h.writes()).toBe(23);

    const after = await ws.run(inputs, env);
    expect(after.outputs.changes).toBe("false");
  });

  it("apply refuses a saved plan once the live organization changed, and changes nothing", async () => {
    const plan = await ws.run(inputs, env);
    expect(plan.code).toBe(0);
    // Someone adds a team by hand after the plan was approved.
    await h.api.send({ method: "PUT", path: `/orgs/${h.org}/teams`, body: { title: "Support" } });
    const teams = await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`);
    expect(teams.map((team) => team.title)).toContain("Support");
    h.emulator.resetLog();

    const apply = await ws.run({ ...inputs, command: "apply", plan: plan.outputs["saved-plan"]! }, env);
    expect(apply.code).toBe(1);
    expect(apply.outputs["exit-code"]).toBe("1");
    expect(commandsIn(apply.stdout).find((line) => line.startsWith("::error::"))).toMatch(
      /^::error::Stale plan: the live organization changed since .*saved-plan\.json/,
    );
    expect(apply.summary).toContain("**Apply failed (exit code 1).**");
    expect(h.writes()).toBe(0);
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
