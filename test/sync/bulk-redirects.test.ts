// Redirects through the service's bulk operation (service facts): a site's redirect creates,
// updates and deletes go in batch calls of up to 500 items, each item's result is its step's
// outcome, and a service without the operation gets one call per redirect.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveRedirect } from "../../src/kinds/site/redirect.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const BULK_ROUTE = "PUT /orgs/:organizationId/sites/:siteId/redirects";

interface Redirect {
  source: string;
  url: string;
}

const external = (n: number): Redirect => ({ source: `/p${n}`, url: `https://example.com/${n}` });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => external(from + i));

function config(sites: Record<string, readonly (Redirect | string)[]>): string {
  const lines = ["version: 1", `organization: \${DOCSYNC_ORG}`, "sites:"];
  for (const [title, redirects] of Object.entries(sites)) {
    lines.push(`  - title: ${title}`, "    redirects:");
    for (const redirect of redirects) {
      lines.push(
        typeof redirect === "string"
          ? `      - ${redirect}`
          : `      - { source: ${redirect.source}, destination: { kind: external, url: "${redirect.url}" } }`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

describe("redirects through the bulk operation", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const writesTo = (method: string) =>
    h.emulator.requests.filter((entry) => entry.method === method && /\/redirects(\/|$)/.test(entry.path));
  const liveRedirects = async (title = "Docs") => {
    const sites = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    const site = sites.find((candidate) => candidate.title === title)!;
    return h.api.list<LiveRedirect>(`/orgs/${h.org}/sites/${site.id}/redirects`);
  };

  it("creates 1,200 redirects of a site in 3 calls, changes and deletes in one, then has nothing to do", async () => {
    const file = await h.config(config({ Docs: range(0, 1200) }));
    const plan = JSON.parse((await h.run(["plan", "-c", file, "--format", "json"])).stdout);
    const batches = plan.calls.filter((call: { batch?: unknown }) => call.batch);
    expect(batches.map((call: { batch: { items: string[] } }) => call.batch.items.length)).toEqual([
      500, 500, 200,
    ]);
    expect(plan.changes.filter((change: { kind: string }) => change.kind === "redirect")).toHaveLength(1200);

    h.emulator.resetLog();
    const first = await h.run(["apply", "-c", file, "--yes"]);
    expect(first.code).toBe(0);
    expect(writesTo("PUT")).toHaveLength(3);
    expect(writesTo("POST")).toHaveLength(0);
    // Each bulk call is one line with the number of items it carried, and one call in the count.
    const gets = plan.calls.filter((call: { method: string }) => call.method === "GET").length;
    expect(first.stdout).toContain(
      `Apply complete: ${plan.changes.length.toLocaleString("en-US")} changes in ${h.writes() + gets} calls.`,
    );
    expect(h.writes() + gets).toBe(plan.calls.filter((call: { inBatch?: string }) => !call.inBatch).length);
    expect(
      first.stdout.match(/ {2}✓ site "Docs": make \d+ changes in one call of the bulk operation\n/g),
    ).toHaveLength(3);
    expect(first.stdout).not.toContain("create redirect");
    // The batch calls are made concurrently: the live order may be any.
    const live = await liveRedirects();
    expect(live.map((redirect) => [redirect.source, redirect.destination]).sort()).toEqual(
      range(0, 1200)
        .map(({ source, url }) => [source, { kind: "external", url }])
        .sort(),
    );

    h.emulator.resetLog();
    expect((await h.run(["plan", "-c", file, "--detailed-exitcode"])).code).toBe(0);
    await applied(h, file);
    expect(h.writes()).toBe(0);

    // 10 changed destinations and 190 deletes (unlisted, pruned): one call.
    const changed = range(0, 1010).map((redirect, n) =>
      n < 10 ? { ...redirect, url: `https://example.org/${n}` } : redirect,
    );
    h.emulator.resetLog();
    await applied(h, await h.config(config({ Docs: changed })));
    expect(writesTo("PUT")).toHaveLength(1);
    expect(h.writes()).toBe(1);
    const after = await liveRedirects();
    expect(after).toHaveLength(1010);
    expect(after.find((redirect) => redirect.source === "/p3")!.destination).toEqual({
      kind: "external",
      url: "https://example.org/3",
    });
    const p3 = live.find((redirect) => redirect.source === "/p3")!;
    expect(after.find((redirect) => redirect.id === p3.id)?.source).toBe("/p3");
  });

  it("reports a refused item as a failed step with the service's message, and makes the others", async () => {
    const bad = "{ source: /bad, destination: { kind: site-section, siteSectionId: sitesc_zzzz } }";
    const file = await h.config(config({ Docs: [external(1), bad, external(2)] }));
    const result = await h.run(["apply", "-c", file, "--yes"]);
    expect(result.code).toBe(1);
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
    const failure = `✗ site "Docs" › redirect "/bad": create redirect: destination.siteSectionId: site section "sitesc_zzzz" not found in site "${site.id}"`;
    expect(result.stdout).toContain(`  ${failure}\n`);
    // Two requests: the site's create and one bulk call, which carried the three redirects.
    expect(result.stdout).toContain("Apply failed: 3 of 4 changes made in 2 calls; 1 failed, 0 skipped.");
    expect(result.stdout).toContain('  ✓ site "Docs": make 3 changes in one call of the bulk operation\n');
    const progress = result.stdout.slice(
      result.stdout.indexOf("Plan: "),
      result.stdout.indexOf("Apply failed"),
    );
    expect(progress).not.toContain('redirect "/p1"');
    expect((await liveRedirects()).map((redirect) => redirect.source)).toEqual(["/p1", "/p2"]);

    // The next plan has only the refused redirect left to make.
    const plan = JSON.parse((await h.run(["plan", "-c", file, "--format", "json"])).stdout);
    expect(plan.changes.map((change: { address: string }) => change.address)).toEqual([
      'site "Docs" › redirect "/bad"',
    ]);
  });

  it("waits for a section created in the same apply before sending redirects to it", async () => {
    const yaml = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides }
sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
    redirects:
      - { source: /start, to: { section: guides } }
      - { source: /help, to: { section: guides } }
`;
    h.emulator.resetLog();
    await applied(h, await h.config(yaml));
    expect(writesTo("PUT")).toHaveLength(1);
    const order = h.emulator.requests.map((entry) => `${entry.method} ${entry.path.split("/").at(-1)}`);
    expect(order.indexOf("PUT redirects")).toBeGreaterThan(order.indexOf("POST sections"));
    const live = await liveRedirects();
    expect(live.map((redirect) => redirect.destination.kind)).toEqual(["site-section", "site-section"]);
  });

  it("falls back to one call per redirect on a service without the operation, and says so once", async () => {
    h.emulator.removeRoutes([BULK_ROUTE]);
    const file = await h.config(config({ Docs: range(0, 3), Help: range(3, 5) }));
    const plan = JSON.parse((await h.run(["plan", "-c", file, "--format", "json"])).stdout);
    h.emulator.resetLog();
    const result = await h.run(["apply", "-c", file, "--yes", "--verbose", "--parallelism", "1"]);
    expect(result.code).toBe(0);
    expect(writesTo("PUT")).toHaveLength(1);
    expect(writesTo("POST")).toHaveLength(5);
    // Every request counts: the bulk call the service turned away, and each redirect's own.
    const gets = plan.calls.filter((call: { method: string }) => call.method === "GET").length;
    expect(result.stdout).toContain(
      `Apply complete: ${plan.changes.length} changes in ${h.writes() + gets} calls.`,
    );
    expect(result.stdout).toContain('  ✓ site "Docs" › redirect "/p1": create redirect\n');
    expect(result.stdout).toContain(
      '  ↷ site "Docs": make 3 changes in one call of the bulk operation: the service has no bulk operation: one call per item\n',
    );
    const notices = result.stderr.split("\n").filter((line) => line.includes(`has no route ${BULK_ROUTE}`));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("one call per item of its body");
    expect((await liveRedirects()).map((redirect) => redirect.source).sort()).toEqual(["/p0", "/p1", "/p2"]);
    expect((await liveRedirects("Help")).map((redirect) => redirect.source).sort()).toEqual(["/p3", "/p4"]);
    h.emulator.resetLog();
    await applied(h, file);
    expect(h.writes()).toBe(0);
  });
});
