// Secrets standing in every field that can hold one, and every form a text may hold one in: as
// it is, JSON-escaped, percent-encoded (encodeURIComponent, encodeURI, + for a space), HTML- or
// Markdown-escaped, with its whitespace collapsed, base64-encoded. Tests read every byte a
// command wrote for each of them.

import { expect } from "vitest";
import type { ApiClient } from "../../src/api/client-types.ts";

export const CERT_BODY = "MIIDeveryFORMcertificateBodyNeverPrinted0123456789abcdef";

/** Values of the variables the configuration below interpolates. */
export const SECRETS = {
  TEAM_SECRET: 'p@ss wörd & <co> "x"/y',
  TRANSLATION_SECRET: "trsec_9f8e7d6c5b4a ç+1",
  SPEC_API_KEY: "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
  SPEC_TOKEN: "tok+9f/8e=7d ~ q",
  CERT: `-----BEGIN CERTIFICATE-----\n${CERT_BODY}\n  second line of it\n-----END CERTIFICATE-----\n`,
};

/** Secrets in a team's and a translation's title, in a URL's path and query, in a certificate. */
export const CONFIG_WITH_SECRETS = `version: 1
organization: \${DOCSYNC_ORG}
teams:
  - title: "Writers \${TEAM_SECRET}"
translations:
  - title: "Français \${TRANSLATION_SECRET}"
openApiSpecs:
  - slug: internal
    source: "https://specs.acme.example/\${SPEC_API_KEY}/internal.yaml?v=2&token=\${SPEC_TOKEN}"
samlProviders:
  - label: Okta
    ssoURL: https://sso.acme.example/saml
    certificate: "\${CERT}"
`;

/** Every form of a secret a text may hold it in. */
export function formsOf(secret: string): string[] {
  const collapsed = secret.trim().replace(/\s+/g, " ");
  const forms = [
    secret,
    secret.trim(),
    collapsed,
    secret.replace(/\n/g, " "),
    JSON.stringify(secret).slice(1, -1),
    JSON.stringify(collapsed).slice(1, -1),
    encodeURIComponent(secret),
    encodeURIComponent(collapsed),
    encodeURI(secret),
    new URLSearchParams({ q: secret }).toString().slice(2),
    secret.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"),
    secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
    collapsed.replace(/[\\`*_[\]|~$#!]/g, (c) => `\\${c}`),
    Buffer.from(secret).toString("base64"),
    Buffer.from(secret.trim()).toString("base64"),
  ];
  return [...new Set(forms)];
}

/** How a service may quote what it was sent: form-encoded, lower-case hex, lines collapsed. */
export const QUOTED_BY_THE_SERVICE = [
  `title=${new URLSearchParams({ t: SECRETS.TEAM_SECRET }).toString().slice(2)}`,
  `source=${encodeURIComponent(SECRETS.SPEC_TOKEN).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())}`,
  `certificate ${SECRETS.CERT.trim().replace(/\s+/g, " ")}`,
  `translation ${encodeURI(SECRETS.TRANSLATION_SECRET)}`,
].join("; ");

/** No secret of `only` (all by default) in any form, and no 16 characters of the certificate. */
export function expectNoSecret(name: string, text: string, only?: readonly string[]): void {
  for (const [variable, secret] of Object.entries(SECRETS)) {
    if (only !== undefined && !only.includes(variable)) continue;
    for (const form of formsOf(secret)) {
      expect(text.includes(form), `${name} holds ${variable} as ${JSON.stringify(form)}`).toBe(false);
    }
  }
  for (let at = 0; at + 16 <= CERT_BODY.length; at++) {
    expect(text, name).not.toContain(CERT_BODY.slice(at, at + 16));
  }
}

/**
 * A site's audience, whose secrets the service makes: the key that signs visitors' tokens (given
 * to the configuration as `${SITE_VISITOR_KEY}`) and each share link's URL, whose query holds the
 * token that opens the site. The site and one share link (`old`, which the configuration prunes)
 * exist before the first command, so that every command reads them.
 */
export const AUDIENCE_WITH_SECRETS = `sites:
  - title: Audience
    visibility: visitor-auth
    published: true
    shareLinks: [{ name: partners }, { name: press, active: false }]
    visitorAuth: { backend: custom, logoutURL: https://acme.example/bye, privateKey: "\${SITE_VISITOR_KEY}" }
`;

/** What a test of every form needs of the live audience's secrets. */
export interface LiveAudience {
  /** The variables the configuration interpolates. */
  env: Record<string, string>;
  /** Every live secret seen so far: the private key, and each share link's URL and token. */
  secrets(): Promise<string[]>;
}

/** Makes the site the audience configuration names, with a share link to prune. */
export async function liveAudience(api: ApiClient, org: string): Promise<LiveAudience> {
  const site = (await api.send<{ id: string }>({
    method: "POST",
    path: `/orgs/${org}/sites`,
    body: { title: "Audience" },
  }))!;
  const path = `/orgs/${org}/sites/${site.id}`;
  await api.send({ method: "POST", path: `${path}/share-links`, body: { name: "old" } });
  const { privateKey } = await api.get<{ privateKey: string }>(`${path}/publishing/auth`);
  const seen = new Set<string>([privateKey]);
  const secrets = async () => {
    for (const link of await api.list<{ urls: { published: string } }>(`${path}/share-links`)) {
      seen.add(link.urls.published);
      seen.add(new URL(link.urls.published).searchParams.get("share-key")!);
    }
    return [...seen];
  };
  // The old link's, before a command prunes it.
  await secrets();
  return { env: { SITE_VISITOR_KEY: privateKey }, secrets };
}

/** None of the live secrets in any form. */
export function expectNoLiveSecret(name: string, text: string, secrets: readonly string[]): void {
  for (const secret of secrets) {
    for (const form of formsOf(secret)) {
      expect(text.includes(form), `${name} holds a live secret as ${JSON.stringify(form)}`).toBe(false);
    }
  }
}
