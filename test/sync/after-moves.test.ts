// A move "after" a sibling, sent as the API's `after` position: the live order read back is the
// configured one. A move sent "before" the same sibling would leave the item one place short.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, sdk: spc_sdk, changelog: spc_changelog }
sites:
  - title: Docs
    sections:
`;
const section = (path: string, spaces = "{ space: guides, path: g }") =>
  `      - { path: ${path}, title: Section ${path}, siteSpaces: [${spaces}] }\n`;

describe("a move after a sibling", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const liveSections = async () => {
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    return h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`);
  };
  const moves = () =>
    h.emulator.requests
      .filter((entry) => entry.method === "POST" && entry.path.endsWith("/move"))
      .map((entry) => entry.route);

  it("moves the first section to the end, after the last", async () => {
    const paths = ["a", "b", "c", "d"];
    await applied(h, await h.config(HEAD + paths.map((p) => section(p)).join("")));
    const path = await h.config(HEAD + ["b", "c", "d", "a"].map((p) => section(p)).join(""));
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('    ↕ section "a": first ⇒ after section "d"\n');
    h.emulator.resetLog();
    await applied(h, path);
    expect(moves()).toEqual(["POST /orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move"]);
    expect((await liveSections()).map((s) => s.path)).toEqual(["b", "c", "d", "a"]);
  });

  it("moves a section's first site space to the end, after the last", async () => {
    const spaces = (order: string[]) =>
      order.map((space) => `{ space: ${space}, path: ${space} }`).join(", ");
    await applied(h, await h.config(HEAD + section("main", spaces(["guides", "api1", "sdk"]))));
    const path = await h.config(HEAD + section("main", spaces(["api1", "sdk", "guides"])));
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain(
      '    ↕ site space "guides" in section "main": first ⇒ after site space "sdk"\n',
    );
    h.emulator.resetLog();
    await applied(h, path);
    expect(moves()).toEqual(["POST /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/move"]);
    const [main] = await liveSections();
    expect(main!.siteSpaces.map((ss) => ss.space.id)).toEqual(["spc_api_v1", "spc_sdk", "spc_guides"]);
  });

  it("moves a site's first root site space to the end, after the last", async () => {
    const root = (order: string[]) =>
      `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, sdk: spc_sdk }
sites:
  - title: Flat
    siteSpaces:
${order.map((space) => `      - { space: ${space}, path: ${space} }\n`).join("")}`;
    await applied(h, await h.config(root(["guides", "api1", "sdk"])));
    const path = await h.config(root(["api1", "sdk", "guides"]));
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('↕ site space "guides": first ⇒ after site space "sdk"\n');
    h.emulator.resetLog();
    await applied(h, path);
    expect(moves()).toHaveLength(1);
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    const live = await h.api.list<{ space: { id: string } }>(`/orgs/${h.org}/sites/${site!.id}/site-spaces`);
    expect(live.map((ss) => ss.space.id)).toEqual(["spc_api_v1", "spc_sdk", "spc_guides"]);
  });
});
