// Neither the API token nor a sensitive value (a SAML certificate) appears in any output of any
// command: text, Markdown and JSON plans, a saved plan file, apply's log, --verbose, drift.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";

const CERT_BODY = "MIIDsecretCERTIFICATEbodyThatMustNeverBePrinted0123456789";
const CERT = `-----BEGIN CERTIFICATE-----\n${CERT_BODY}\n-----END CERTIFICATE-----`;

const config = (role: string) => `version: 1
organization: \${DOCSYNC_ORG}
teams:
  - title: Writers
samlProviders:
  - label: Okta
    ssoURL: https://sso.acme.example/saml
    certificate: \${CERT}
    defaultTeam: Writers
    defaultRole: ${role}
`;

describe("secrets", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("never appear in any output", async () => {
    const env = { CERT };
    const first = await h.config(config("read"));
    const changed = await h.config(config("edit"));
    const planFile = `${first}.plan.json`;
    const outputs: string[] = [];
    const run = async (args: string[], options: { env?: NodeJS.ProcessEnv } = { env }) => {
      const result = await h.run(args, options);
      outputs.push(result.stdout, result.stderr);
      return result;
    };
    for (const format of ["text", "markdown", "json"])
      await run(["plan", "-c", first, "--format", format, "-v"]);
    await run(["plan", "-c", first, "--out", planFile]);
    outputs.push(await readFile(planFile, "utf8"));
    expect((await run(["apply", planFile, "-c", first, "--yes", "-v"])).code).toBe(0);
    // The certificate changes: the plan must say so without showing either value.
    const other = { CERT: CERT.replace("0123456789", "9876543210") };
    const update = await run(["plan", "-c", changed], { env: other });
    expect(update.stdout).toContain("      certificate: (sensitive, changed)\n");
    for (const format of ["text", "markdown", "json"])
      await run(["drift", "-c", changed, "--format", format, "-v"], { env: other });
    await run(["apply", "-c", changed, "--yes", "-v"], { env: other });
    // A failing call's error must not leak them either.
    h.emulator.failNext({ method: "PATCH", path: /\/saml\//, kind: "status", status: 500, times: 9 });
    await run(["apply", "-c", first, "--yes", "-v"]);

    expect(outputs.join("").length).toBeGreaterThan(1000);
    for (const output of outputs) {
      expect(output).not.toContain(CERT_BODY);
      expect(output).not.toContain("9876543210");
      expect(output).not.toContain(h.emulator.token);
    }
  });
});
