// The value-returning library API (src/library/) against the emulator over HTTP: it returns what
// the CLI prints as JSON, tells its progress as events, prints nothing, and fails with the
// stable error codes, the token never in a message.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apply, DocsyncError, type DocsyncEvent, drift, loadConfiguration, plan } from "../../src/index.ts";
import { type Harness, startHarness } from "../support/harness.ts";

describe("the library's plan, drift and apply", () => {
  let h: Harness;
  let connection: { apiUrl: string; token: string; env: NodeJS.ProcessEnv };
  // An organization of each test's own: one test's apply changes what another plans.
  beforeEach(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    connection = { apiUrl: h.emulator.url, token: h.emulator.token, env: h.env };
  });
  afterEach(async () => {
    await h.close();
  });

  it("plans as `docsync plan --format json` does, printing nothing, its requests told as events", async () => {
    const written = [vi.spyOn(process.stdout, "write"), vi.spyOn(process.stderr, "write")];
    const events: DocsyncEvent[] = [];
    const result = await plan({
      config: "examples/organization",
      ...connection,
      onEvent: (event) => events.push(event),
    }).finally(() => {
      for (const spy of written) spy.mockRestore();
    });
    for (const spy of written) expect(spy).not.toHaveBeenCalled();

    const cli = await h.run(["plan", "-c", "examples/organization", "--format", "json"]);
    expect(cli.code).toBe(0);
    expect(result.plan).toEqual(JSON.parse(cli.stdout));
    expect(result.organization).toBe("org_acme");
    expect(result.summary).toEqual({ create: 14, update: 5, replace: 0, move: 0, delete: 0 });
    expect(result.changes.map((change) => `${change.action} ${change.address}`)).toContain(
      'create team "Writers"',
    );
    expect(result.hasChanges).toBe(true);
    expect(result.refusals).toEqual([]);
    const requests = events.filter((event) => event.type === "request");
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((event) => event.status === 200)).toBe(true);
    // The SAML provider's certificate is a sensitive value: never in the result.
    const pem = await readFile("examples/organization/okta.pem", "utf8");
    const body = pem.split("\n")[1]!;
    expect(JSON.stringify(result)).not.toContain(body);
  });

  it("plans a configuration loaded once, its organization from `org`", async () => {
    const path = await h.config(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration interpolates it.
      "version: 1\norganization: ${DOCSYNC_ORG}\ncollections:\n  - title: Loaded once\n",
    );
    const configuration = await loadConfiguration({ config: path, org: "org_acme", env: {} });
    expect(configuration.organization).toBe("org_acme");
    const first = await plan({ config: configuration, ...connection });
    const second = await plan({ config: configuration, ...connection });
    expect(first.changes.map((change) => `${change.action} ${change.address}`)).toEqual([
      'create collection "Loaded once"',
    ]);
    expect(second.plan).toEqual(first.plan);
  });

  it("applies, telling each call as it ends; then plan and drift find nothing left", async () => {
    const path = await h.config(
      [
        "version: 1",
        "organization: org_acme",
        "collections:",
        "  - title: Made by a script",
        "teams:",
        "  - title: Scripted",
        "",
      ].join("\n"),
    );
    const before = await drift({ config: path, ...connection });
    const cli = await h.run(["drift", "-c", path, "--format", "json"]);
    expect(before).toEqual(JSON.parse(cli.stdout));
    expect(before.drifted).toBe(true);

    const events: DocsyncEvent[] = [];
    const result = await apply({ config: path, ...connection, onEvent: (event) => events.push(event) });
    expect(result.made.changes).toBe(2);
    expect(result.made.calls).toBeGreaterThanOrEqual(2);
    const calls = events.filter((event) => event.type === "call");
    expect(calls.map((event) => `${event.status} ${event.address}`).sort()).toEqual([
      'done collection "Made by a script"',
      'done team "Scripted"',
    ]);

    expect((await plan({ config: path, ...connection })).hasChanges).toBe(false);
    expect((await drift({ config: path, ...connection })).drifted).toBe(false);
    const again = await apply({ config: path, ...connection });
    expect(again.made).toEqual({ changes: 0, calls: 0 });
  });

  it("refuses, as apply does, a plan that deletes beyond policy.maxDestroy, and changes nothing", async () => {
    const path = await h.config(
      [
        "version: 1",
        "organization: org_acme",
        "policy: { prune: [collections], maxDestroy: 0 }",
        "collections: []",
        "",
      ].join("\n"),
    );
    const planned = await plan({ config: path, ...connection });
    expect(planned.refusals.map((refusal) => refusal.code)).toEqual(["plan.max-destroy"]);
    const writes = h.writes();
    const refused = await apply({ config: path, ...connection }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DocsyncError);
    expect(refused).toMatchObject({ code: "plan.max-destroy" });
    expect(h.writes()).toBe(writes);
  });

  it("fails with the stable codes, the token never in a message", async () => {
    const wrongToken = "tok_not_a_user_0123456789";
    const unauthorized = await plan({
      config: "examples/organization",
      ...connection,
      token: wrongToken,
    }).catch((error: unknown) => error);
    expect(unauthorized).toBeInstanceOf(DocsyncError);
    expect(unauthorized).toMatchObject({ code: "api.unauthorized" });
    expect((unauthorized as Error).message).not.toContain(wrongToken);

    const path = await h.config("version: 1\norganization: org_acme\ncolections: []\n");
    const invalid = await plan({ config: path, ...connection }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ code: "config.invalid" });
    expect((invalid as Error).message).toMatch(/config-\d+\.yaml:3:1: /);

    await expect(plan({ config: path, ...connection, token: "" })).rejects.toMatchObject({
      code: "cli.no-token",
    });
  });
});
