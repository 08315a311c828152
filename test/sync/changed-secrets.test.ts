// A secret that changes: an OpenAPI spec whose URL carries `?token=${SPEC_TOKEN}`, applied with
// one token, then planned, saved, shown, drifted and applied with another. Neither token, the old
// one (still live) least of all, appears in any output or file: every format, a call the service
// refuses quoting the old value, and a saved plan, which still sends the new token when applied.
// Secrets of several forms: plain, and with quotes, backslashes and tabs.

import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveOpenApiSpec } from "../../src/kinds/organization/openapi-spec.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const SECRETS = [
  ["plain", "old-plain-token-0123", "new-plain-token-4567"],
  ["quotes and backslashes", "old\"quoted\\token'0123", "new\"quoted\\token'4567"],
  ["tabs", "old\ttabbed\ttoken", "new\ttabbed\ttoken"],
] as const;

const url = (token: string) => `https://api.acme.example/openapi.yaml?token=${token}`;

/** The forms of a secret a leak would take: as it is, and JSON-escaped (in a JSON document). */
const leaks = (secret: string) => [secret, JSON.stringify(secret).slice(1, -1)];

describe("a changed secret", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it.each(SECRETS)("(%s) is shown nowhere, before or after", async (_, before, after) => {
    const slug = `private-api-${before.length}-${before.charCodeAt(3)}`;
    const config = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\nopenApiSpecs:\n  - { slug: ${slug}, source: "https://api.acme.example/openapi.yaml?token=\${SPEC_TOKEN}" }\n`,
    );
    const first = await h.run(["apply", "-c", config, "--yes", "-v"], { env: { SPEC_TOKEN: before } });
    expect(first.code, first.stderr).toBe(0);
    const spec = async () =>
      (await h.api.list<LiveOpenApiSpec>(`/orgs/${h.org}/openapi`)).find((item) => item.slug === slug)!;
    expect((await spec()).sourceURL).toBe(url(before));

    const env = { SPEC_TOKEN: after };
    const outputs: [name: string, text: string][] = [
      ["first apply stdout", first.stdout],
      ["first apply stderr", first.stderr],
    ];
    const run = async (name: string, args: string[]) => {
      const result = await h.run(args, { env });
      outputs.push([`${name} stdout`, result.stdout], [`${name} stderr`, result.stderr]);
      return result;
    };

    const text = await run("plan", ["plan", "-c", config, "-v"]);
    expect(text.stdout).toContain(`  ~ OpenAPI spec "${slug}": source (sensitive, changed)\n`);
    for (const format of ["markdown", "json"])
      await run(`plan ${format}`, ["plan", "-c", config, "--format", format]);
    const json = JSON.parse(outputs.find(([name]) => name === "plan json stdout")![1]);
    expect(json.changes[0].fields).toEqual([
      { field: "source", from: "(sensitive)", to: "(sensitive)", sensitive: true },
    ]);

    const file = `${config}.plan.json`;
    await run("plan --out", ["plan", "-c", config, "--out", file]);
    outputs.push(["plan file", await readFile(file, "utf8")]);
    for (const format of ["text", "markdown", "json"])
      await run(`show ${format}`, ["show", file, "--format", format]);
    for (const format of ["text", "markdown", "json"])
      await run(`drift ${format}`, ["drift", "-c", config, "--format", format, "-v"]);

    // The service refuses the change, quoting the value it has and the one it was sent: when
    // apply plans, and when it applies the saved plan without planning again.
    const applies = {
      text: ["apply", "-c", config, "--yes", "-v"],
      json: ["apply", "-c", config, "--yes", "-v", "--format", "json"],
      file: ["apply", file, "-c", config, "--yes", "-v"],
      "file json": ["apply", file, "-c", config, "--yes", "--format", "json"],
    };
    for (const [name, args] of Object.entries(applies)) {
      h.emulator.failNext({
        method: "PUT",
        path: new RegExp(`/openapi/${slug}$`),
        kind: "status",
        status: 400,
        message: `source: ${JSON.stringify(url(after))} replaces "${url(before)}" (token ${before})`,
      });
      const refused = await run(`refused ${name}`, args);
      expect(refused.code).toBe(1);
      expect(refused.stdout + refused.stderr).toContain("400 Bad Request: source: ");
    }

    // The saved plan still sends the new token, which it holds only a digest of.
    const saved = await run("apply file", ["apply", file, "-c", config, "--yes", "-v"]);
    expect(saved.code, saved.stderr).toBe(0);
    expect((await spec()).sourceURL).toBe(url(after));

    expect(outputs.join("").length).toBeGreaterThan(2000);
    for (const [name, output] of outputs) {
      for (const secret of [before, after])
        for (const leak of leaks(secret))
          expect(output.includes(leak), `${JSON.stringify(leak)} in ${name}`).toBe(false);
    }
  });
  it("held in an item's identity, is not shown in the address of the item it deletes", async () => {
    const config = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\nteams:\n  - title: "Partner \${PARTNER_TOKEN}"\npolicy:\n  prune: [teams]\n`,
    );
    const [before, after] = ["old-partner-token-0123", "new-partner-token-4567"];
    expect((await h.run(["apply", "-c", config, "--yes"], { env: { PARTNER_TOKEN: before } })).code).toBe(0);
    const outputs: string[] = [];
    for (const args of [
      ["plan", "-c", config],
      ["plan", "-c", config, "--format", "json"],
      ["drift", "-c", config, "--format", "markdown"],
      ["apply", "-c", config, "--yes", "--format", "json"],
    ]) {
      const result = await h.run(args, { env: { PARTNER_TOKEN: after } });
      outputs.push(result.stdout, result.stderr);
    }
    expect(outputs[0]).toContain('  - team "Partner (sensitive)"');
    for (const output of outputs) {
      expect(output).not.toContain(before);
      expect(output).not.toContain(after);
    }
  });
});
