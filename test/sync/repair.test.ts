// Every run repairs the last one: a half-made section of an interrupted apply is adopted, live
// duplicates of a configured item (two pipelines at once, a double click in the web app) are
// shown with their ids and resolved by keeping the oldest, and two applies started together end,
// after one more apply, with no duplicate.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSamlProvider } from "../../src/kinds/access/saml-provider.ts";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, sdk: spc_sdk }
`;

describe("repair", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const sites = () => h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
  /** Creates an item through the API, as another user would, and returns it. */
  const made = async <T>(request: { method: "POST" | "PUT"; path: string; body: unknown }): Promise<T> =>
    (await h.api.send<T>(request)) as T;

  it("adopts a section that an interrupted apply created but did not configure", async () => {
    const config = `${HEAD}sites:\n  - title: Docs\n    sections:\n      - { path: start, title: Getting started, siteSpaces: [{ space: guides, path: guides }, { space: sdk, path: sdk }] }\n      - { path: api, title: API, siteSpaces: [{ space: api1, path: v1 }] }\n`;
    // What a killed apply leaves: the site, and a section made from its first space, at the path
    // the service derived from its title.
    const site = await made<LiveSite>({
      method: "POST",
      path: `/orgs/${h.org}/sites`,
      body: { title: "Docs" },
    });
    const half = await made<LiveSection>({
      method: "POST",
      path: `/orgs/${h.org}/sites/${site.id}/sections`,
      body: { spaceId: "spc_guides", title: "Getting started" },
    });
    expect(half.path).toBe("getting-started");
    const path = await h.config(config);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain(
      '    ~ section "start": path "getting-started" ⇒ "start"  (renamed from "getting-started")\n',
    );
    h.emulator.resetLog();
    await applied(h, path);
    expect(h.emulator.requests.filter((entry) => entry.method === "DELETE")).toEqual([]);
    const sections = await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site.id}/sections`);
    expect(sections.map((s) => [s.id === half.id, s.path])).toEqual([
      [true, "start"],
      [false, "api"],
    ]);
  });

  it("adopts a live section that fits two configured ones for the first of them, and deletes nothing", async () => {
    const site = await made<LiveSite>({
      method: "POST",
      path: `/orgs/${h.org}/sites`,
      body: { title: "Docs" },
    });
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/sites/${site.id}/sections`,
      body: { spaceId: "spc_guides", title: "Guides" },
    });
    const config = `${HEAD}sites:\n  - title: Docs\n    sections:\n      - { path: one, title: Guides, siteSpaces: [{ space: guides, path: g }] }\n      - { path: two, title: Guides, siteSpaces: [{ space: guides, path: g }] }\n`;
    const plan = await h.run(["plan", "-c", await h.config(config)]);
    // Which of the two takes it changes nothing the site shows; deleting it would make again
    // what a stopped run made.
    expect(plan.stdout).toContain('    ~ section "one": path "guides" ⇒ "one"  (renamed from "guides")\n');
    expect(plan.stdout).toContain('    + section "two": title "Guides"\n');
    expect(plan.stdout).toContain(", 0 to delete.");
  });

  it("shows live copies of a configured item with their ids and deletes all but the oldest, under maxDestroy", async () => {
    const make = (title: string) =>
      made<LiveSite>({
        method: "POST",
        path: `/orgs/${h.org}/sites`,
        body: { title, visibility: "unlisted" },
      });
    const oldest = await make("Docs");
    const second = await make("Docs");
    const team = (title: string) =>
      made<LiveTeam>({ method: "PUT", path: `/orgs/${h.org}/teams`, body: { title } });
    const keptTeam = await team("Tech writers");
    const extraTeam = await team("Tech writers");
    const config = (maxDestroy: number) =>
      `${HEAD}teams: [{ title: Tech writers }]\nsites:\n  - title: Docs\n    visibility: unlisted\npolicy: { maxDestroy: ${maxDestroy} }\n`;
    const plan = await h.run(["plan", "-c", await h.config(config(0))]);
    expect(plan.stdout).toContain(
      `  - site "Docs#${second.id}"  (duplicate of ${oldest.id}, which is kept (the oldest))  HIGH RISK\n`,
    );
    expect(plan.stdout).toContain(
      `  - team "Tech writers#${extraTeam.id}"  (duplicate of ${keptTeam.id}, which is kept (the oldest))  HIGH RISK\n`,
    );
    expect(plan.stdout).toContain("Plan: 0 to create, 0 to update, 0 to move, 2 to delete (1 team, 1 site).");

    const refused = await h.run(["apply", "-c", await h.config(config(0)), "--yes"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("more than policy.maxDestroy (0)");

    await applied(h, await h.config(config(2)));
    expect((await sites()).map((s) => s.id)).toEqual([oldest.id]);
    const teams = await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`);
    expect(teams.filter((t) => t.title === "Tech writers").map((t) => t.id)).toEqual([keptTeam.id]);
  });

  it("keeps the one live item that differs or holds something, and deletes the copies beside it", async () => {
    const copy = await made<LiveSite>({
      method: "POST",
      path: `/orgs/${h.org}/sites`,
      body: { title: "Docs" },
    });
    // Made later, by someone, with a section: the one the configuration means.
    const used = await made<LiveSite>({
      method: "POST",
      path: `/orgs/${h.org}/sites`,
      body: { title: "Docs", spaces: ["spc_guides"] },
    });
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/sites/${used.id}/sections`,
      body: { spaceId: "spc_sdk", title: "SDK" },
    });
    const emptyTeam = await made<LiveTeam>({
      method: "PUT",
      path: `/orgs/${h.org}/teams`,
      body: { title: "Ops" },
    });
    const staffed = await made<LiveTeam>({
      method: "PUT",
      path: `/orgs/${h.org}/teams`,
      body: { title: "Ops", members: ["usr_ada"] },
    });
    const path = await h.config(`${HEAD}teams: [{ title: Ops }]\nsites:\n  - title: Docs\n`);
    const plan = await h.run(["plan", "-c", path]);
    const because = "which is kept (the only one that differs or holds more than the configuration)";
    expect(plan.stdout).toContain(
      `  - site "Docs#${copy.id}"  (duplicate of ${used.id}, ${because})  HIGH RISK\n`,
    );
    expect(plan.stdout).toContain(
      `  - team "Ops#${emptyTeam.id}"  (duplicate of ${staffed.id}, ${because})  HIGH RISK\n`,
    );
    await applied(h, path);
    expect((await sites()).map((s) => s.id)).toEqual([used.id]);
    const teams = await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`);
    expect(teams.filter((t) => t.title === "Ops").map((t) => t.id)).toEqual([staffed.id]);
  });

  it("stops when more than one live item differs or holds something, until the configuration pins one", async () => {
    const first = await made<LiveTeam>({
      method: "PUT",
      path: `/orgs/${h.org}/teams`,
      body: { title: "Ops", members: ["usr_ada"] },
    });
    const second = await made<LiveTeam>({
      method: "PUT",
      path: `/orgs/${h.org}/teams`,
      body: { title: "Ops", members: ["usr_eddie"] },
    });
    const path = await h.config(`${HEAD}teams:\n  - { title: Ops }\n`);
    h.emulator.resetLog();
    for (const command of [["plan"], ["apply", "--yes"]]) {
      const result = await h.run([...command, "-c", path]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Error: ${path}:5:5: 2 live teams are titled "Ops" (${first.id}, ${second.id}): pin the one this is with id: <team id>\n`,
      );
    }
    expect(h.writes()).toBe(0);
    // Pinned: the other one is no duplicate, and is left alone (teams are not pruned).
    const pinned = await h.config(`${HEAD}teams:\n  - { title: Ops, id: ${second.id} }\n`);
    const plan = await h.run(["plan", "-c", pinned, "--detailed-exitcode"]);
    expect(plan.code, plan.stdout).toBe(0);
  });

  it("says which of two groups with one title it keeps, and why, since the API gives groups no creation time", async () => {
    const config = `${HEAD}sites:\n  - title: Docs\n    sections:\n      - group: Developers\n        sections:\n          - { path: api, title: API, siteSpaces: [{ space: api1, path: v1 }] }\n      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: g }] }\n`;
    await applied(h, await h.config(config));
    const site = (await sites())[0]!;
    const groupsPath = `/orgs/${h.org}/sites/${site.id}/section-groups`;
    const [older] = await h.api.list<{ id: string }>(groupsPath);
    // A second "Developers", made later, holds the section that comes first in the navigation:
    // the site lists it first.
    const sections = await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site.id}/sections`);
    const api = sections.find((section) => section.path === "api")!;
    const newer = await made<{ id: string }>({
      method: "POST",
      path: groupsPath,
      body: { title: "Developers", sections: [api.id] },
    });
    expect((await h.api.list<{ id: string }>(groupsPath)).map((group) => group.id)).toEqual([
      newer.id,
      older!.id,
    ]);
    const plan = await h.run(["plan", "-c", await h.config(config)]);
    expect(plan.stdout).toContain(
      `  site "Docs"\n    - group "Developers#${older!.id}"  (duplicate of ${newer.id}, which is kept (listed first: the API gives no creation time))  HIGH RISK\n`,
    );
    expect(plan.stdout).not.toContain("the oldest");
  });

  it("deletes a group made again empty, since the other run took its sections, and keeps the one holding them", async () => {
    const config = await h.config(
      `${HEAD}sites:\n  - title: Docs\n    sections:\n      - group: Developers\n        sections:\n          - { path: api, title: API, siteSpaces: [{ space: api1, path: v1 }] }\n      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: g }] }\n`,
    );
    await applied(h, config);
    const site = (await sites())[0]!;
    const groupsPath = `/orgs/${h.org}/sites/${site.id}/section-groups`;
    const [holding] = await h.api.list<{ id: string }>(groupsPath);
    const empty = await made<{ id: string }>({
      method: "POST",
      path: groupsPath,
      body: { title: "Developers" },
    });
    const plan = await h.run(["plan", "-c", config]);
    expect(plan.stdout).toContain(`    - group "Developers#${empty.id}"  (duplicate of ${holding!.id}, `);
    await applied(h, config);
    const groups = await h.api.list<{ id: string; sections: { id: string }[] }>(groupsPath);
    expect(groups.map((group) => [group.id, group.sections.length])).toEqual([[holding!.id, 1]]);
  });

  it("ends two applies of one configuration started together with no duplicate after one more apply", async () => {
    const config = await h.config(
      `${HEAD}teams: [{ title: Tech writers }]\nsamlProviders:\n  - { label: Okta, defaultTeam: Tech writers, defaultRole: read }\nsites:\n  - title: Docs\n    sections:\n      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }\n      - { path: api, title: API, siteSpaces: [{ space: api1, path: v1 }] }\n    redirects:\n      - { source: /old, to: { section: api } }\n`,
    );
    // Both read the organization before either writes.
    h.emulator.setFaults({ latencyMs: 25 });
    const [first, second] = await Promise.all([
      h.run(["apply", "-c", config, "--yes"]),
      h.run(["apply", "-c", config, "--yes"]),
    ]);
    h.emulator.setFaults({});
    expect((await sites()).length, `${first.stdout}\n${second.stdout}`).toBe(2);
    const repair = await h.run(["apply", "-c", config, "--yes"]);
    expect(repair.code, `${repair.stdout}\n${repair.stderr}`).toBe(0);
    expect(repair.stdout).toContain("duplicate of");
    expect((await sites()).map((s) => s.title)).toEqual(["Docs"]);
    const teams = await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`);
    expect(teams.filter((t) => t.title === "Tech writers")).toHaveLength(1);
    expect((await h.api.list<LiveSamlProvider>(`/orgs/${h.org}/saml`)).map((p) => p.label)).toEqual(["Okta"]);
    const check = await h.run(["plan", "-c", config, "--detailed-exitcode"]);
    expect(check.code, check.stdout).toBe(0);
  });

  it("stops before any write when the plan places a space that does not exist", async () => {
    const config = await h.config(
      `${HEAD.replace("sdk: spc_sdk", "sdk: spc_sdkk")}sites:\n  - title: Docs\n    siteSpaces:\n      - { space: guides, path: g }\n      - { space: sdk, path: s }\n`,
    );
    for (const command of [["plan"], ["apply", "--yes"]]) {
      const result = await h.run([...command, "-c", config]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `Error: The plan places spaces that cannot be used (fix the ids under spaces:):\n  ${config}:3:49: space "sdk" (spc_sdkk) does not exist\n`,
      );
    }
    expect(h.emulator.stats().writes).toBe(0);
  });
});
