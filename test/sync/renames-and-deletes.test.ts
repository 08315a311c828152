// Renames with `was` and deletes, for the kinds the other files do not cover.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSamlProvider } from "../../src/kinds/access/saml-provider.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSectionGroup } from "../../src/kinds/site/section-group.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { LiveSiteSpace } from "../../src/kinds/site/site-space.ts";
import type { LiveCustomField } from "../../src/kinds/space/custom-field.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1\norganization: \${DOCSYNC_ORG}\nspaces: { guides: spc_guides, sdk: spc_sdk }\n`;

describe("renames and deletes", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const sites = () => h.api.list<LiveSite>(`/orgs/${h.org}/sites`);

  it("changes a site space's path in place, keeping its id; was is refused on site spaces", async () => {
    const site = (path: string, was = "") =>
      `${HEAD}sites:\n  - title: Docs\n    siteSpaces:\n      - { space: guides, path: ${path}${was} }\n`;
    await applied(h, await h.config(site("guides")));
    const [docs] = await sites();
    const [before] = await h.api.list<LiveSiteSpace>(`/orgs/${h.org}/sites/${docs!.id}/site-spaces`);
    const plan = await h.run(["plan", "-c", await h.config(site("manual"))]);
    expect(plan.stdout).toContain('  site "Docs"\n    ~ site space "guides": path "guides" ⇒ "manual"\n');
    await applied(h, await h.config(site("manual")));
    const [after] = await h.api.list<LiveSiteSpace>(`/orgs/${h.org}/sites/${docs!.id}/site-spaces`);
    expect(after).toMatchObject({ id: before!.id, path: "manual" });

    const hinted = await h.run(["validate", "-c", await h.config(site("other", ", was: manual"))]);
    expect(hinted.code).toBe(1);
    expect(hinted.stderr).toContain(
      "sites[0].siteSpaces[0].was: a site space is identified by its space, and its path changes in place: remove `was`",
    );
  });

  it("deletes a group the configuration no longer lists, keeping its sections", async () => {
    const withGroup = `${HEAD}sites:\n  - title: Docs\n    sections:\n      - group: Tools\n        sections:\n          - { path: sdk, title: SDK, siteSpaces: [{ space: sdk, path: sdk }] }\n`;
    await applied(h, await h.config(withGroup));
    const without = `${HEAD}sites:\n  - title: Docs\n    sections:\n      - { path: sdk, title: SDK, siteSpaces: [{ space: sdk, path: sdk }] }\n`;
    const plan = await h.run(["plan", "-c", await h.config(without)]);
    expect(plan.stdout).toContain('  site "Docs"\n    - group "Tools"\n');
    // Its section stays, out of the group.
    expect(plan.stdout).toContain(
      '  ↕ ├─ section "sdk": title "SDK", default  (moved from group "Tools")\n    │  └─ site space "sdk": path "sdk"\n  - └─ group "Tools"  (removed)\n',
    );
    expect(plan.stdout).toContain("Plan: 0 to create, 0 to update, 0 to move, 1 to delete (1 group).");
    await applied(h, await h.config(without));
    const [docs] = await sites();
    expect(await h.api.list<LiveSectionGroup>(`/orgs/${h.org}/sites/${docs!.id}/section-groups`)).toEqual([]);
    expect(
      (await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${docs!.id}/sections`)).map((s) => s.path),
    ).toEqual(["sdk"]);
  });

  it("deletes custom fields when they are pruned, and only then", async () => {
    const fields = (list: string, prune = "") =>
      `version: 1\norganization: \${DOCSYNC_ORG}\ncustomFields:\n${list}${prune}`;
    await applied(
      h,
      await h.config(fields("  - { name: owner, type: text }\n  - { name: tier, type: text }\n")),
    );
    const kept = await h.run(["plan", "-c", await h.config(fields("  - { name: owner, type: text }\n"))]);
    expect(kept.stdout).toContain("No changes: live state matches the configuration.");
    const path = await h.config(
      fields("  - { name: owner, type: text }\n", "policy: { prune: [customFields] }\n"),
    );
    const pruned = await h.run(["plan", "-c", path]);
    // A delete shows the values that go.
    expect(pruned.stdout).toContain('  - custom field "tier": type "text"\n');
    await applied(h, path);
    expect((await h.api.list<LiveCustomField>(`/orgs/${h.org}/custom-fields`)).map((f) => f.name)).toEqual([
      "owner",
    ]);
  });

  it("renames a SAML provider, and flags deleting one as high risk", async () => {
    const saml = (label: string, extra = "") =>
      `version: 1\norganization: \${DOCSYNC_ORG}\nsamlProviders:\n  - { label: ${label}, ssoURL: "https://sso.acme.example/saml"${extra} }\npolicy: { prune: [samlProviders] }\n`;
    await applied(h, await h.config(saml("Okta")));
    const [before] = await h.api.list<LiveSamlProvider>(`/orgs/${h.org}/saml`);
    await applied(h, await h.config(saml("Okta SSO", ", was: Okta")));
    const [after] = await h.api.list<LiveSamlProvider>(`/orgs/${h.org}/saml`);
    expect(after).toMatchObject({ id: before!.id, label: "Okta SSO" });
    const none = `version: 1\norganization: \${DOCSYNC_ORG}\nsamlProviders: []\npolicy: { prune: [samlProviders] }\n`;
    const plan = await h.run(["plan", "-c", await h.config(none)]);
    expect(plan.stdout).toContain(
      '  - SAML provider "Okta SSO": ssoURL "https://sso.acme.example/saml"  HIGH RISK\n',
    );
  });

  it("deletes an unlisted site only when sites are pruned, flagged high risk", async () => {
    await applied(h, await h.config(`${HEAD}sites:\n  - { title: Docs }\n  - { title: Old }\n`));
    const one = `${HEAD}sites:\n  - { title: Docs }\n`;
    expect((await h.run(["plan", "-c", await h.config(one), "--detailed-exitcode"])).code).toBe(0);
    const pruning = await h.config(`${one}policy: { prune: [sites] }\n`);
    const plan = await h.run(["plan", "-c", pruning]);
    expect(plan.stdout).toContain(
      '  - site "Old": type "basic", visibility "public", adaptiveContent {"enabled":false}  HIGH RISK\n',
    );
    await applied(h, pruning);
    expect((await sites()).map((s) => s.title)).toEqual(["Docs"]);
  });
});
