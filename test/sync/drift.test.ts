import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const CONFIG = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, sdk: spc_sdk }
sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
      - { path: sdk, title: SDK, siteSpaces: [{ space: sdk, path: sdk }] }
    redirects:
      - { source: /start, to: { section: guides } }
`;

describe("drift", () => {
  let h: Harness;
  let path: string;
  beforeEach(async () => {
    h = await startHarness();
    path = await h.config(CONFIG);
    await applied(h, path);
  });
  afterEach(() => h.close());

  it("exits 0 when the live organization matches", async () => {
    const result = await h.run(["drift", "-c", path]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("No drift: the live organization matches the configuration.\n");
  });

  it("reports item by item which way the live organization differs, without writing", async () => {
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    const base = `/orgs/${h.org}/sites/${site!.id}`;
    const [guides, sdk] = await h.api.list<LiveSection>(`${base}/sections`);
    // Someone edits the live site by hand: a title, an extra redirect, and the order.
    await h.api.send({
      method: "PATCH",
      path: `${base}/sections/${guides!.id}`,
      body: { title: "User guides" },
    });
    await h.api.send({
      method: "POST",
      path: `${base}/redirects`,
      body: { source: "/hand", destination: { kind: "site-section", siteSectionId: sdk!.id } },
    });
    await h.api.send({
      method: "POST",
      path: `${base}/sections/${sdk!.id}/move`,
      body: { position: { before: { type: "site-section", siteSection: guides!.id } } },
    });
    h.emulator.resetLog();

    const result = await h.run(["drift", "-c", path]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      "Drift: organization org_acme differs from the configuration in 3 items.\n",
    );
    expect(result.stdout).toContain(
      '  site "Docs"\n    ~ section "guides": title "User guides" ⇒ "Guides"\n    ↕ section "guides": after section "sdk" ⇒ before section "sdk"\n',
    );
    expect(result.stdout).toContain('    - redirect /hand → section "sdk"\n');
    expect(result.stdout).toContain("~ differs (live ⇒ configured)");
    expect(h.writes()).toBe(0);

    const json = JSON.parse((await h.run(["drift", "-c", path, "--format", "json"])).stdout);
    expect(json).toMatchObject({ format: "docsync-drift", drifted: true, organization: "org_acme" });
    expect(json.items.map((item: { address: string; state: string }) => [item.address, item.state])).toEqual([
      ['site "Docs" › section "guides"', "differs"],
      ['site "Docs" › section "guides"', "out-of-order"],
      ['site "Docs" › redirect "/hand"', "live-only"],
    ]);
    expect(json.items[0].fields).toEqual([{ field: "title", live: "User guides", configured: "Guides" }]);
  });

  it("reports an order changed by hand, and nothing else, as drift", async () => {
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    const base = `/orgs/${h.org}/sites/${site!.id}`;
    const [guides, sdk] = await h.api.list<LiveSection>(`${base}/sections`);
    await h.api.send({
      method: "POST",
      path: `${base}/sections/${sdk!.id}/move`,
      body: { position: { before: { type: "site-section", siteSection: guides!.id } } },
    });
    h.emulator.resetLog();

    const text = await h.run(["drift", "-c", path]);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain("Drift: organization org_acme differs from the configuration in 1 item.\n");
    expect(text.stdout).toContain(
      '  site "Docs"\n    ↕ section "guides": after section "sdk" ⇒ before section "sdk"\n',
    );
    const json = await h.run(["drift", "-c", path, "--format", "json"]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({
      drifted: true,
      items: [
        {
          address: 'site "Docs" › section "guides"',
          state: "out-of-order",
          fields: [
            {
              field: "position",
              live: 'after section "sdk"',
              configured: 'before section "sdk"',
              liveText: 'after section "sdk"',
              configuredText: 'before section "sdk"',
              main: true,
            },
          ],
        },
      ],
    });
    const markdown = await h.run(["drift", "-c", path, "--format", "markdown"]);
    expect(markdown.code).toBe(2);
    expect(markdown.stdout).toContain("Drift: 1 item differs from the configuration: 1 out of order.");
    expect(h.writes()).toBe(0);
    // Apply puts it back in one move.
    await applied(h, path);
    expect(h.emulator.requests.filter((entry) => entry.method !== "GET").map((entry) => entry.route)).toEqual(
      ["POST /orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move"],
    );
    expect((await h.run(["drift", "-c", path])).code).toBe(0);
  });

  it("exits 1 on an error, such as an unreachable API", async () => {
    const result = await h.run(["drift", "-c", path], { env: { DOCSYNC_API_URL: "http://127.0.0.1:9" } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: GET \/orgs\/org_acme\/sites failed: connection refused/);
  });
});
