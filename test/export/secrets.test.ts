// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// docsync export keeps secrets out of the file it writes: a URL's token, signature or password,
// and a SAML certificate, become variables that the file interpolates, listed for the user to
// set. No output holds a secret, and the file, with the variables set to the live values, plans
// to no change.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type Harness, startHarness } from "../support/harness.ts";

// biome-ignore lint/suspicious/noExplicitAny: answers and exported documents are checked by the assertions.
type Json = any;

const PEM = (body: string) => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;

/** Each variable the export names, and the live value it stands for. */
const SECRETS: Record<string, string> = {
  OPENAPI_PAYMENTS_API_TOKEN: "tok_payments_5f1d8c2a9b",
  OPENAPI_BILLING_TOKEN: "tok_billing_7e4d3c1a20",
  OPENAPI_BILLING_X_AMZ_SIGNATURE: "a1b2c3d4e5f60718293a",
  OPENAPI_INTERNAL_PASSWORD: "p4ssw0rd-internal-99",
  SAML_OKTA_SSO_CERTIFICATE: PEM("MIIBoktaFirstCertificateBody0123"),
  SAML_OKTA_SSO_CERTIFICATE_2: PEM("MIIBoktaOtherCertificateBody4567"),
  REDIRECT_STATUS_ACCESS_TOKEN: "tok_status_0a9b8c7d6e",
};

describe("docsync export keeps secrets out", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const org = () => `/orgs/${h.org}`;
  const send = (method: "POST" | "PATCH", path: string, body: unknown) =>
    h.api.send<Json>({ method, path: `${org()}${path}`, body });
  const spec = (slug: string, url: string) => send("POST", "/openapi", { slug, source: { url } });

  /** Secrets in URLs, certificates, and two items whose names give one variable name. */
  async function organizationWithSecrets(): Promise<void> {
    await spec(
      "payments-api",
      `https://api.acme.example/openapi.yaml?v=2&token=${SECRETS.OPENAPI_PAYMENTS_API_TOKEN}`,
    );
    await spec(
      "billing",
      `https://api.acme.example/billing.yaml?token=${SECRETS.OPENAPI_BILLING_TOKEN}&X-Amz-Signature=${SECRETS.OPENAPI_BILLING_X_AMZ_SIGNATURE}`,
    );
    await spec(
      "internal",
      `https://ci:${SECRETS.OPENAPI_INTERNAL_PASSWORD}@specs.acme.example/internal.yaml`,
    );
    await spec("public", "https://api.acme.example/public.yaml?version=3&page=2");
    await send("POST", "/saml", { label: "Okta SSO", certificate: SECRETS.SAML_OKTA_SSO_CERTIFICATE });
    await send("POST", "/saml", { label: "okta-sso", certificate: SECRETS.SAML_OKTA_SSO_CERTIFICATE_2 });
    const site = await send("POST", "/sites", { title: "Docs", spaces: ["spc_guides"] });
    await send("POST", `/sites/${site.id}/redirects`, {
      source: "/status",
      destination: {
        kind: "external",
        url: `https://status.acme.example/?access_token=${SECRETS.REDIRECT_STATUS_ACCESS_TOKEN}`,
      },
    });
  }

  const expectNoSecret = (text: string) => {
    for (const value of Object.values(SECRETS)) expect(text).not.toContain(value);
    expect(text).not.toContain("MIIBokta");
  };

  it("writes variables in place of tokens, signatures, passwords and certificates, and lists them", async () => {
    await organizationWithSecrets();
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    for (const output of [text, exported.stdout, exported.stderr]) expectNoSecret(output);

    const doc = parse(text);
    expect(doc.openApiSpecs).toEqual([
      {
        slug: "payments-api",
        source: "https://api.acme.example/openapi.yaml?v=2&token=${OPENAPI_PAYMENTS_API_TOKEN}",
      },
      {
        slug: "billing",
        source:
          "https://api.acme.example/billing.yaml?token=${OPENAPI_BILLING_TOKEN}&X-Amz-Signature=${OPENAPI_BILLING_X_AMZ_SIGNATURE}",
      },
      {
        slug: "internal",
        source: "https://ci:${OPENAPI_INTERNAL_PASSWORD}@specs.acme.example/internal.yaml",
      },
      { slug: "public", source: "https://api.acme.example/public.yaml?version=3&page=2" },
    ]);
    expect(doc.samlProviders.map((provider: Json) => provider.certificate)).toEqual([
      "${SAML_OKTA_SSO_CERTIFICATE}",
      "${SAML_OKTA_SSO_CERTIFICATE_2}",
    ]);
    expect(doc.sites[0].redirects).toEqual([
      {
        source: "/status",
        destination: {
          kind: "external",
          url: "https://status.acme.example/?access_token=${REDIRECT_STATUS_ACCESS_TOKEN}",
        },
      },
    ]);

    const listed = [
      '  SAML_OKTA_SSO_CERTIFICATE: the certificate of SAML provider "Okta SSO"',
      '  SAML_OKTA_SSO_CERTIFICATE_2: the certificate of SAML provider "okta-sso"',
      '  OPENAPI_PAYMENTS_API_TOKEN: the "token" query parameter in source of OpenAPI spec "payments-api"',
      '  OPENAPI_BILLING_TOKEN: the "token" query parameter in source of OpenAPI spec "billing"',
      '  OPENAPI_BILLING_X_AMZ_SIGNATURE: the "X-Amz-Signature" query parameter in source of OpenAPI spec "billing"',
      '  OPENAPI_INTERNAL_PASSWORD: the password of user "ci" in source of OpenAPI spec "internal"',
      '  REDIRECT_STATUS_ACCESS_TOKEN: the "access_token" query parameter in destination.url of site "Docs" › redirect "/status"',
    ];
    expect(exported.stderr).toBe(
      `Secrets are kept out of ${file}. Set these environment variables to their live values before docsync reads it:\n` +
        listed.map((line) => `${line}\n`).join(""),
    );
    expect(text).toContain(
      "# Secrets are kept out of this file. Set these environment variables to their live values\n" +
        "# before docsync reads it:\n" +
        listed.map((line) => `# ${line}\n`).join(""),
    );
    expect(exported.stdout).toContain(
      `Check it with: docsync plan -c ${file}, once the variables above are set (it shows no changes).\n`,
    );

    // The round trip: with the variables set to the live values, the file plans to no change.
    const unset = await h.run(["plan", "-c", file]);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain("environment variable SAML_OKTA_SSO_CERTIFICATE is not set");
    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"], { env: SECRETS });
    expect(plan.stderr).toBe("");
    expect(plan.stdout).toBe("No changes: live state matches the configuration.\n");
    expect(h.writes()).toBe(0);
  });

  it("keeps them out of standard output and JSON too, and names them the same way every time", async () => {
    await organizationWithSecrets();
    const first = await h.run(["export"]);
    const second = await h.run(["export"]);
    const json = await h.run(["export", "--format", "json"]);
    for (const result of [first, second, json]) {
      expect(result.code).toBe(0);
      expectNoSecret(result.stdout);
      expectNoSecret(result.stderr);
    }
    const withoutDate = (yaml: string) => yaml.split("\n").slice(1).join("\n");
    expect(withoutDate(second.stdout)).toBe(withoutDate(first.stdout));
    const report = JSON.parse(json.stdout);
    expect(withoutDate(report.yaml)).toBe(withoutDate(first.stdout));
    expect(report.variables.map((variable: Json) => variable.name)).toEqual([
      "SAML_OKTA_SSO_CERTIFICATE",
      "SAML_OKTA_SSO_CERTIFICATE_2",
      "OPENAPI_PAYMENTS_API_TOKEN",
      "OPENAPI_BILLING_TOKEN",
      "OPENAPI_BILLING_X_AMZ_SIGNATURE",
      "OPENAPI_INTERNAL_PASSWORD",
      "REDIRECT_STATUS_ACCESS_TOKEN",
    ]);
    expect(report.variables[0]).toEqual({
      name: "SAML_OKTA_SSO_CERTIFICATE",
      holds: 'the certificate of SAML provider "Okta SSO"',
    });
  });

  it("keeps secrets out of URL paths, by the segment before them or their shape, and warns of what it cannot judge", async () => {
    const key = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
    const sha = "9fceb02d0ae598e95dc970b74767f19372d61af8";
    await spec("vault", `https://specs.acme.example/${key}/internal.yaml`);
    await spec("keyed", "https://specs.acme.example/token/t0k3n-abc/openapi.yaml");
    await spec("query", "https://specs.acme.example/spec.yaml?id=Zx9Qp2LmT7vB4nR8sK1wY6");
    await spec("raw", `https://raw.acme.example/acme/specs/${sha}/openapi.yaml`);
    const ordinary =
      "https://api.acme.example/v2.14.0/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b.yaml?date=2024-01-15";
    await spec("ids", ordinary);
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    for (const output of [text, exported.stdout, exported.stderr]) {
      expect(output).not.toContain(key);
      expect(output).not.toContain("t0k3n-abc");
      expect(output).not.toContain("Zx9Qp2LmT7vB4nR8sK1wY6");
    }
    expect(exported.stderr).not.toContain(sha);
    expect(parse(text).openApiSpecs).toEqual([
      { slug: "vault", source: "https://specs.acme.example/${OPENAPI_VAULT_PATH_SECRET}/internal.yaml" },
      { slug: "keyed", source: "https://specs.acme.example/token/${OPENAPI_KEYED_TOKEN}/openapi.yaml" },
      { slug: "query", source: "https://specs.acme.example/spec.yaml?id=${OPENAPI_QUERY_ID_SECRET}" },
      { slug: "raw", source: `https://raw.acme.example/acme/specs/${sha}/openapi.yaml` },
      { slug: "ids", source: ordinary },
    ]);
    expect(text).toContain(
      '#   OPENAPI_VAULT_PATH_SECRET: a random-looking path segment in source of OpenAPI spec "vault"\n',
    );
    expect(exported.stderr).toContain(
      'Warning: source of OpenAPI spec "raw": a long path segment of letters and digits of ' +
        "https://raw.acme.example/acme/specs/…/openapi.yaml (shown as …) may be a secret or not; " +
        "it is written as it is: if it is a secret, write an interpolated variable in its place and set it\n",
    );
    expect(exported.stderr.match(/Warning:/g)).toHaveLength(1);
    const env = {
      OPENAPI_VAULT_PATH_SECRET: key,
      OPENAPI_KEYED_TOKEN: "t0k3n-abc",
      OPENAPI_QUERY_ID_SECRET: "Zx9Qp2LmT7vB4nR8sK1wY6",
    };
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"], { env });
    expect(plan.stdout).toBe("No changes: live state matches the configuration.\n");
  });

  it("keeps a short secret out of its URL only, and out of the warnings that quote it", async () => {
    await spec("flags", "https://api.acme.example/flags.yaml?auth=true");
    // Two collections with one title: the export warns, quoting the title, and its token.
    const title = "Docs https://x.example/?token=tok_abcdef123";
    for (let n = 0; n < 2; n++) await send("POST", "/collections", { title });
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain(
      'Warning: collection "Docs https://x.example/?token=(sensitive)" (col_',
    );
    expect(exported.stderr).not.toContain("tok_abcdef123");
    const text = await readFile(file, "utf8");
    expect(text).not.toContain("tok_abcdef123");
    expect(text).toContain("    source: https://api.acme.example/flags.yaml?auth=${OPENAPI_FLAGS_AUTH}\n");
    expect(text).toContain(
      "  - title: Docs https://x.example/?token=${COLLECTION_DOCS_HTTPS_X_EXAMPLE_TOKEN_TOKEN}\n",
    );
    // `true` stays wherever else the file holds it.
    expect(text).toContain("  inviteLinks: true\n");
    const env = {
      OPENAPI_FLAGS_AUTH: "true",
      COLLECTION_DOCS_HTTPS_X_EXAMPLE_TOKEN_TOKEN: "tok_abcdef123",
    };
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"], { env });
    expect(plan.stdout).toBe("No changes: live state matches the configuration.\n");
  });

  it("writes an organization without secrets as before, with no variables to set", async () => {
    await spec("public", "https://api.acme.example/public.yaml?version=3");
    const json = JSON.parse((await h.run(["export", "--format", "json"])).stdout);
    expect(json.variables).toEqual([]);
    expect(json.yaml).not.toContain("Secrets are kept out");
    expect(json.yaml).toContain("    source: https://api.acme.example/public.yaml?version=3\n");
  });
});
