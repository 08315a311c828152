// A delete that finds its item gone: someone deleted it by hand between the plan and the apply
// (or the service took it along with another item). The delete is what the plan wanted, so it
// counts as done, said once on its line, and never fails the apply: in a direct apply, in a saved
// plan (which is not stale for it), and for an item of the service's bulk operation.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import type { LiveRedirect } from "../../src/kinds/site/redirect.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1\norganization: \${DOCSYNC_ORG}\n`;
// Reviewers is deleted; Writers stays.
const PRUNE_REVIEWERS = `${HEAD}teams:\n  - { title: Writers }\npolicy: { prune: [teams] }\n`;

describe("a delete whose item is already gone", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const deleteByHand = (path: string) => h.api.send({ method: "DELETE", path });
  const teamTitles = async () => (await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`)).map((t) => t.title);

  it("is done in a direct apply, when the item went while the plan waited for its confirmation", async () => {
    const path = await h.config(PRUNE_REVIEWERS);
    const result = await h.run(["apply", "-c", path, "--allow-destroy"], {
      answers: [
        async () => {
          await deleteByHand(`/orgs/${h.org}/teams/team_reviewers`);
          return "yes";
        },
      ],
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    // Reported once, on its own line, as done.
    const lines = result.stdout.split("\n").filter((line) => line.includes('team "Reviewers": delete team'));
    // (after the question, which the typed answer ends at a terminal)
    expect(lines.map((line) => line.slice(line.indexOf("✓")))).toEqual([
      '✓ team "Reviewers": delete team (already gone: 404 Not Found: team "team_reviewers" not found)',
    ]);
    expect(result.stdout).toContain(
      "Apply complete: 1 change in 1 call. Live state matches the configuration.",
    );
    expect(await teamTitles()).toEqual(["Writers"]);
  });

  /**
   * A saved plan of `yaml`, after which the team `id` is deleted by hand: the arguments that
   * apply it with its configuration.
   */
  const savedThenDeleted = async (id: string, yaml = PRUNE_REVIEWERS) => {
    const path = await h.config(yaml);
    const file = path.replace(/\.yaml$/, ".plan.json");
    expect((await h.run(["plan", "-c", path, "--out", file])).code).toBe(0);
    await deleteByHand(`/orgs/${h.org}/teams/${id}`);
    return ["apply", file, "-c", path];
  };

  it("is done in a saved plan, which is not stale for an item it deletes that is gone already", async () => {
    // The plan also creates Support, which is still to do: the plan is not applied already.
    const apply = await savedThenDeleted(
      "team_reviewers",
      PRUNE_REVIEWERS.replace("teams:\n", "teams:\n  - { title: Support }\n"),
    );
    const result = await h.run([...apply, "--format", "json"]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.status).toBe("applied");
    expect(report.rounds[0].calls).toHaveLength(2);
    expect(report.rounds[0].calls).toContainEqual(
      expect.objectContaining({
        address: 'team "Reviewers"',
        status: "done",
        gone: 'already gone: 404 Not Found: team "team_reviewers" not found',
      }),
    );
    expect((await teamTitles()).sort()).toEqual(["Support", "Writers"]);
  });

  it("finds a saved plan applied already when its one change, a delete, is made by hand", async () => {
    const apply = await savedThenDeleted("team_reviewers");
    h.emulator.resetLog();
    const result = await h.run([...apply, "--format", "json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: "already-applied", rounds: [] });
    expect(h.writes()).toBe(0);
  });

  it("still refuses a saved plan when an item it keeps was deleted by hand", async () => {
    const apply = await savedThenDeleted("team_writers");
    const result = await h.run(apply);
    expect(result.code).toBe(1);
    // The plan for now creates Writers again: that is a difference, and the approved plan is
    // refused before any call.
    expect(result.stderr).toContain(
      "is not the plan for the live organization now, which changed since; nothing was changed.",
    );
    expect(result.stderr).toContain('  + team "Writers" (create): only in the current plan\n');
    expect(await teamTitles()).toEqual(["Reviewers"]);
  });

  it("never deletes the item the plan for now keeps: with nothing left to do, the saved plan is found applied", async () => {
    // Two teams titled Writers: the plan keeps the oldest and deletes the other.
    const copy = (await h.api.send<LiveTeam>({
      method: "PUT",
      path: `/orgs/${h.org}/teams`,
      body: { title: "Writers" },
    }))!;
    const path = await h.config(`${HEAD}teams:\n  - { title: Writers }\n  - { title: Reviewers }\n`);
    const file = path.replace(/\.yaml$/, ".plan.json");
    expect((await h.run(["plan", "-c", path, "--out", file])).code).toBe(0);
    // The oldest is deleted by hand: the copy is now the only Writers, which the plan for now
    // keeps. The approved delete of it is not made: the live state is where the plan led.
    await deleteByHand(`/orgs/${h.org}/teams/team_writers`);
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", path, "--allow-destroy"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      "is already applied: the live organization matches it; nothing was changed.",
    );
    expect(h.writes()).toBe(0);
    const teams = await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`);
    expect(teams.map((team) => [team.title, team.id]).sort()).toEqual([
      ["Reviewers", "team_reviewers"],
      ["Writers", copy.id],
    ]);
  });

  it("is done for a redirect of the bulk operation: its own delete says it is gone", async () => {
    const redirects = (sources: string[]) =>
      `${HEAD}sites:\n  - title: Docs\n    redirects:\n${sources.map((s) => `      - { source: ${s}, destination: { kind: external, url: "https://example.com${s}" } }\n`).join("")}`;
    await applied(h, await h.config(redirects(["/a", "/b", "/c"])));
    const path = await h.config(redirects(["/a"]));
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
    const live = await h.api.list<LiveRedirect>(`/orgs/${h.org}/sites/${site.id}/redirects`);
    const b = live.find((redirect) => redirect.source === "/b")!;
    const result = await h.run(["apply", "-c", path], {
      answers: [
        async () => {
          await deleteByHand(`/orgs/${h.org}/sites/${site.id}/redirects/${b.id}`);
          h.emulator.resetLog();
          return "yes";
        },
      ],
    });
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    // The bulk call's line stands for /c, which it deleted; /b, which it refused, went once
    // more on its own, and its line says that it was gone.
    // (the first after the question, which the typed answer ends at a terminal)
    const progress = result.stdout
      .split("\n")
      .map((line) => line.match(/[✓✗↷] .*/)?.[0])
      .filter((line) => line !== undefined);
    expect(progress.map((line) => line.replace(/\(already gone: .*\)$/, "(already gone: …)"))).toEqual([
      '✓ site "Docs": make 2 changes in one call of the bulk operation',
      '✓ site "Docs" › redirect "/b": delete redirect (already gone: …)',
    ]);
    expect(result.stdout).toMatch(
      /✓ site "Docs" › redirect "\/b": delete redirect \(already gone: 404 Not Found: /,
    );
    // Both changes made, in the two requests sent: the bulk call and /b's own delete.
    expect(result.stdout).toContain(
      "Apply complete: 2 changes in 2 calls. Live state matches the configuration.",
    );
    expect(h.writes()).toBe(2);
    const left = await h.api.list<LiveRedirect>(`/orgs/${h.org}/sites/${site.id}/redirects`);
    expect(left.map((redirect) => redirect.source)).toEqual(["/a"]);
  });

  it("fails when the service has no such route: a 404 that names no item is no proof of anything", async () => {
    const path = await h.config(PRUNE_REVIEWERS);
    h.emulator.removeRoutes(["DELETE /orgs/:organizationId/teams/:teamId"]);
    const result = await h.run(["apply", "-c", path, "--yes", "--allow-destroy"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ team "Reviewers": delete team');
    expect(await teamTitles()).toEqual(["Writers", "Reviewers"]);
  });
});
