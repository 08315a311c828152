// A create whose answer was lost after the write happened is found again in its list, by what it
// was meant to make, one example per rule (the seeded random tests try them by chance only).

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, sdk: spc_sdk }
sites:
  - title: Docs
    sections:
`;
const GUIDES =
  "      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: g }, { space: api1, path: a }] }\n";
const SDK =
  "      - { path: sdk, title: SDK, siteSpaces: [{ space: sdk, path: s }, { space: api1, path: a }] }\n";

describe("recovery of a create whose answer was lost", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const liveSections = async () => {
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    return h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`);
  };

  it("finds a site space of a section made earlier in the same apply, not the same space in another section", async () => {
    await applied(h, await h.config(HEAD + GUIDES));
    // The new section "sdk" is made with its first space; its second, api1, is added by a call of
    // its own, whose answer is lost. The section "guides" holds api1 too: only the section's id
    // tells the two apart.
    h.emulator.failNext({ method: "POST", path: /\/site-spaces$/, kind: "after-commit" });
    const path = await h.config(HEAD + GUIDES + SDK);
    const result = await applied(h, path);
    expect(h.emulator.requests.filter((entry) => entry.fault === "after-commit")).toHaveLength(1);
    expect(result.stdout + result.stderr).not.toContain("several items match");
    const sections = await liveSections();
    expect(sections.map((s) => [s.path, s.siteSpaces.map((ss) => [ss.space.id, ss.path])])).toEqual([
      [
        "guides",
        [
          ["spc_guides", "g"],
          ["spc_api_v1", "a"],
        ],
      ],
      [
        "sdk",
        [
          ["spc_sdk", "s"],
          ["spc_api_v1", "a"],
        ],
      ],
    ]);
    const again = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(again.code).toBe(0);
  });
});

describe("recovery, rule by rule", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("leaves out a live section of the same title that was there before the create", async () => {
    const guides = "      - { path: old, title: Guides, siteSpaces: [{ space: guides, path: g }] }\n";
    await applied(h, await h.config(HEAD + guides));
    h.emulator.failNext({ method: "POST", path: /\/sections$/, kind: "after-commit" });
    const path = await h.config(
      `${HEAD + guides}      - { path: new, title: Guides, siteSpaces: [{ space: sdk, path: s }] }\n`,
    );
    await applied(h, path);
    expect(h.emulator.requests.filter((entry) => entry.fault === "after-commit")).toHaveLength(1);
    const sections = await (async () => {
      const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
      return h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`);
    })();
    expect(sections.map((s) => [s.path, s.title, s.siteSpaces.map((ss) => ss.space.id)])).toEqual([
      ["old", "Guides", ["spc_guides"]],
      ["new", "Guides", ["spc_sdk"]],
    ]);
  });

  it("stops without sending the create again when several listed items fit it", async () => {
    const sites = `/orgs/${h.org}/sites`;
    for (let i = 0; i < 2; i++) await h.api.send({ method: "POST", path: sites, body: { title: "Twin" } });
    h.emulator.failNext({ method: "POST", path: /\/sites$/, kind: "after-commit" });
    h.emulator.resetLog();
    const error = await h.api
      .send({
        method: "POST",
        path: sites,
        body: { title: "Twin" },
        create: true,
        recover: { list: sites, match: { title: "Twin" } },
      })
      .then(
        () => undefined,
        (failure: unknown) => failure as Error,
      );
    expect(error?.message).toMatch(
      /several items match \(site_\w+, site_\w+, site_\w+\), so docsync cannot tell which one it created/,
    );
    expect(h.emulator.requests.filter((entry) => entry.method === "POST")).toHaveLength(1);
  });

  it("says so when the list that would show the create cannot be read either", async () => {
    const teams = `/orgs/${h.org}/teams`;
    h.emulator.failNext({ method: "PUT", path: /\/teams$/, kind: "after-commit" });
    h.emulator.failNext({ method: "GET", path: /\/teams$/, kind: "status", status: 403 });
    const error = await h.api
      .send({
        method: "PUT",
        path: teams,
        body: { title: "Maybe" },
        create: true,
        recover: { list: teams, match: { title: "Maybe" } },
      })
      .then(
        () => undefined,
        (failure: unknown) => failure as Error,
      );
    expect(error?.message).toContain("The outcome is unknown");
    expect(error?.message).toContain("reading it failed too");
    expect(h.emulator.requests.filter((entry) => entry.method === "PUT")).toHaveLength(1);
  });
});

describe("adoption of a section an interrupted apply made", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("does not adopt a half-made section that holds the configured space and another", async () => {
    const site = (await h.api.send<LiveSite>({
      method: "POST",
      path: `/orgs/${h.org}/sites`,
      body: { title: "Docs" },
    }))!;
    const sectionsPath = `/orgs/${h.org}/sites/${site.id}/sections`;
    const half = (await h.api.send<LiveSection>({
      method: "POST",
      path: sectionsPath,
      body: { spaceId: "spc_guides", title: "Guides" },
    }))!;
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/sites/${site.id}/site-spaces`,
      body: { spaceId: "spc_sdk", sectionId: half.id },
    });
    const path = await h.config(
      `${HEAD}      - { path: start, title: Guides, siteSpaces: [{ space: guides, path: g }] }\n`,
    );
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('    + section "start": title "Guides"\n');
    expect(plan.stdout).toContain('    - section "guides": title "Guides", default true\n');
    await applied(h, path);
    const sections = await h.api.list<LiveSection>(sectionsPath);
    expect(sections.map((s) => [s.id === half.id, s.path, s.siteSpaces.map((ss) => ss.space.id)])).toEqual([
      [false, "start", ["spc_guides"]],
    ]);
  });
});
