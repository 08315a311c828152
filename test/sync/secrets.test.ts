// Neither the API token nor a sensitive value (a SAML certificate) appears in any output of any
// command: text, Markdown and JSON plans, a saved plan file, apply's log, --verbose, drift,
// export; not even when the service quotes them in its error messages, JSON-escaped or not,
// whatever characters they hold.

import { readFile, rm } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";

const CERT_BODY = "MIIDsecretCERTIFICATEbodyThatMustNeverBePrinted0123456789";
const CERT = `-----BEGIN CERTIFICATE-----\n${CERT_BODY}\n-----END CERTIFICATE-----`;
const OTHER_CERT = CERT.replace("0123456789", "9876543210");

/** The certificate, or any 16 characters of its body in a row. */
function expectNoCertificate(text: string, body = CERT_BODY): void {
  for (let at = 0; at + 16 <= body.length; at++) expect(text).not.toContain(body.slice(at, at + 16));
}

/**
 * Ways a service may quote a value it refuses: as is, JSON-escaped, on one line, and so far into
 * a long message that docsync cuts the message short.
 */
const QUOTES = (cert: string) => [
  `certificate: not a valid X.509 certificate: ${cert}`,
  `certificate: invalid value ${JSON.stringify(cert)}`,
  `certificate: ${cert.replace(/\n/g, " ")} has expired`,
  `certificate: ${"the certificate could not be parsed; ".repeat(7)}${cert}`,
];

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
/** Where the certificate was quoted: redacted, or cut off with the message before its body. */
const SHOWN_REDACTED = /\(sensitive\)|-----BEGIN CERTIFICATE-----…/;

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
    for (const format of ["text", "markdown", "json", "html"])
      await run(["plan", "-c", first, "--format", format, "-v"]);
    await run(["plan", "-c", first, "--out", planFile]);
    outputs.push(await readFile(planFile, "utf8"));
    expect((await run(["apply", planFile, "-c", first, "--yes", "-v"])).code).toBe(0);
    // The certificate changes: the plan must say so without showing either value.
    const other = { CERT: CERT.replace("0123456789", "9876543210") };
    const update = await run(["plan", "-c", changed], { env: other });
    expect(update.stdout).toContain(
      '  ~ SAML provider "Okta": certificate (sensitive, changed), defaultRole',
    );
    for (const format of ["text", "markdown", "json", "html"])
      await run(["drift", "-c", changed, "--format", format, "-v"], { env: other });
    await run(["apply", "-c", changed, "--yes", "-v"], { env: other });
    // A failing call's error must not leak them either. (Retried at once: its backoff is not
    // what is tested here, and cost a second and a half.)
    h.emulator.failNext({
      method: "PATCH",
      path: /\/saml\//,
      kind: "status",
      status: 500,
      times: 9,
      retryAfterSeconds: 0,
    });
    await run(["apply", "-c", first, "--yes", "-v"]);

    expect(outputs.join("").length).toBeGreaterThan(1000);
    for (const output of outputs) {
      expect(output).not.toContain(CERT_BODY);
      expect(output).not.toContain("9876543210");
      expect(output).not.toContain(h.emulator.token);
    }
  });

  it("a variable named like a secret is one wherever the configuration uses it", async () => {
    const secret = "s3cr3t-query-token-0123456789";
    const signature = "a1b2c3d4e5f6-signature";
    const path = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\nopenApiSpecs:\n  - { slug: private-api, source: "https://api.acme.example/openapi.yaml?token=\${SPEC_TOKEN}&sig=\${SPEC_SIG}" }\n`,
    );
    const env = { SPEC_TOKEN: secret, SPEC_SIG: signature };
    const outputs: string[] = [];
    for (const args of [
      ["plan", "-c", path, "-v"],
      ["plan", "-c", path, "--format", "json"],
      ["apply", "-c", path, "--yes", "-v"],
    ]) {
      const result = await h.run(args, { env });
      outputs.push(result.stdout, result.stderr);
    }
    expect(outputs.join("")).toContain("private-api");
    for (const output of outputs) {
      expect(output).not.toContain(secret);
      expect(output).not.toContain(signature);
    }
  });

  it("never appear when the service quotes them in an error", async () => {
    const env = { CERT };
    const first = await h.config(config("read"));
    const changed = await h.config(config("edit"));
    const outputs: [name: string, text: string][] = [];
    const run = async (name: string, args: string[], options: { env?: NodeJS.ProcessEnv } = { env }) => {
      const result = await h.run(args, options);
      outputs.push([`${name} stdout`, result.stdout], [`${name} stderr`, result.stderr]);
      return result;
    };
    const quote = (message: string, method: string, path: RegExp) =>
      h.emulator.failNext({ method, path, kind: "status", status: 400, message });

    // Reads: the service refuses to list the SAML providers, quoting a certificate.
    for (const [index, message] of QUOTES(CERT).entries()) {
      for (const format of ["text", "markdown", "json"]) {
        quote(message, "GET", /\/saml$/);
        const plan = await run(`plan ${format} ${index}`, ["plan", "-c", first, "--format", format, "-v"]);
        expect(plan.code).toBe(1);
        expect(plan.stderr).toContain(
          "Error: GET /orgs/org_acme/saml failed: 400 Bad Request: certificate: ",
        );
        expect(plan.stderr).toMatch(SHOWN_REDACTED);
        quote(message, "GET", /\/saml$/);
        const drift = await run(`drift ${format} ${index}`, ["drift", "-c", first, "--format", format]);
        expect(drift.code).toBe(1);
        expect(drift.stderr).toMatch(SHOWN_REDACTED);
      }
    }

    // Writes: the create of the provider is refused with each quote; apply reports the failure.
    for (const [index, message] of QUOTES(CERT).entries()) {
      quote(message, "POST", /\/saml$/);
      const apply = await run(`apply ${index}`, ["apply", "-c", first, "--yes", "-v"]);
      expect(apply.code).toBe(1);
      expect(apply.stdout).toMatch(/Apply failed: 0 of 1 change made in 1 call; 1 failed, 0 skipped\./);
      expect(apply.stdout).toContain("POST /orgs/org_acme/saml failed: 400 Bad Request: certificate: ");
      expect(apply.stdout).toMatch(SHOWN_REDACTED);
    }

    // A saved plan, refused when applied, and an update refused quoting the new certificate.
    const planFile = `${first}.plan.json`;
    expect((await run("plan --out", ["plan", "-c", first, "--out", planFile])).code).toBe(0);
    outputs.push(["plan file", await readFile(planFile, "utf8")]);
    quote(QUOTES(CERT)[0]!, "POST", /\/saml$/);
    const saved = await run("apply file", ["apply", planFile, "-c", first, "--yes", "-v"]);
    expect(saved.code).toBe(1);
    expect(saved.stdout).toContain("(sensitive)");
    expect((await run("apply file again", ["apply", "-c", first, "--yes"])).code).toBe(0);
    for (const message of QUOTES(OTHER_CERT)) {
      quote(message, "PATCH", /\/saml\//);
      const update = await run("update", ["apply", "-c", changed, "--yes", "-v"], {
        env: { CERT: OTHER_CERT },
      });
      expect(update.code).toBe(1);
      expect(update.stdout).toContain("PATCH /orgs/org_acme/saml/");
    }

    // Export: the service echoes the token it was given.
    const exported = `${first}.export.yaml`;
    quote(`token ${h.emulator.token} may not list SAML providers`, "GET", /\/saml$/);
    const exporting = await run("export", ["export", "--org", h.org, "-o", exported, "-v"]);
    expect(exporting.code).toBe(1);
    await rm(exported, { force: true });

    for (const [name, text] of outputs) {
      expect(text, name).not.toContain(h.emulator.token);
      expectNoCertificate(text);
      expectNoCertificate(text, OTHER_CERT.split("\n")[1]);
    }
  });

  it("never appear when they hold quotes, backslashes or tabs and the service quotes them JSON-escaped", async () => {
    // Nothing in them looks like base64 for long: only their own forms, escaped or not, find them.
    const odd = 'k\\ey "with" \\quotes\\,\tbackslashes\tand tabs';
    const changedOdd = odd.replace("tabs", "TABS");
    const escaped = (value: string) => JSON.stringify(value).slice(1, -1);
    const first = await h.config(config("read"));
    const changed = await h.config(config("edit"));
    const outputs: [name: string, text: string][] = [];
    const run = async (name: string, args: string[], cert: string) => {
      const result = await h.run(args, { env: { CERT: cert } });
      outputs.push([`${name} stdout`, result.stdout], [`${name} stderr`, result.stderr]);
      return result;
    };
    const quotes = (cert: string) => [
      `certificate: invalid value ${JSON.stringify(cert)}`,
      `invalid body: ${JSON.stringify({ label: "Okta", certificate: cert })}`,
    ];

    for (const format of ["text", "markdown", "json"])
      await run(`plan ${format}`, ["plan", "-c", first, "--format", format, "-v"], odd);
    for (const [index, message] of quotes(odd).entries()) {
      h.emulator.failNext({ method: "POST", path: /\/saml$/, kind: "status", status: 400, message });
      const apply = await run(`apply ${index}`, ["apply", "-c", first, "--yes", "-v"], odd);
      expect(apply.code).toBe(1);
      expect(apply.stdout).toContain("POST /orgs/org_acme/saml failed: 400 Bad Request: ");
      expect(apply.stdout).toContain("(sensitive)");
    }
    expect((await run("apply", ["apply", "-c", first, "--yes"], odd)).code).toBe(0);
    const update = await run("plan changed", ["plan", "-c", changed], changedOdd);
    expect(update.stdout).toContain("certificate (sensitive, changed)");
    for (const [index, message] of quotes(changedOdd).entries()) {
      h.emulator.failNext({ method: "PATCH", path: /\/saml\//, kind: "status", status: 400, message });
      const refused = await run(`update ${index}`, ["apply", "-c", changed, "--yes", "-v"], changedOdd);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain("(sensitive)");
    }
    await run("drift json", ["drift", "-c", changed, "--format", "json"], changedOdd);

    for (const [name, text] of outputs) {
      for (const cert of [odd, changedOdd]) {
        expect(text, name).not.toContain(cert);
        expect(text, name).not.toContain(escaped(cert));
        expect(text, name).not.toContain(escaped(escaped(cert)));
      }
    }
  });
});
