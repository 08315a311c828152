// The digest of the configuration a saved plan was made from: the same for the same resolved
// configuration wherever and however it is written; different, by address, for anything else.

import { describe, expect, it } from "vitest";
import { configurationDifferences, configurationDigest } from "../../src/saved/configuration-digest.ts";
import { load } from "../config/helpers.ts";

const CERT = "-----BEGIN CERTIFICATE-----\nMIIBdigestTESTcertificate\n-----END CERTIFICATE-----";

const CONFIG = `version: 1
organization: org_acme
spaces: { guides: spc_guides }
teams:
  - { title: Writers }
samlProviders:
  - { label: Okta, ssoURL: "https://sso.acme.example/saml", certificate: "\${CERT}" }
sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
    redirects:
      - { source: /start, to: { section: guides } }
`;

const digestOf = async (yaml: string, cert = CERT, name = "docsync.yaml") =>
  configurationDigest(await load({ [name]: yaml }, [name], { CERT: cert }));

describe("configurationDigest", () => {
  it("is the same for the same configuration, moved, reformatted or in another file", async () => {
    const first = await digestOf(CONFIG);
    const moved = await digestOf(
      `# a comment\n\n${CONFIG.replace("  - { title: Writers }", "  - title: Writers")}`,
      CERT,
      "other.yml",
    );
    expect(moved).toEqual(first);
    expect(Object.keys(first.items)).toEqual([
      "organization",
      "spaces",
      "policy",
      'team "Writers"',
      'SAML provider "Okta"',
      'site "Docs"',
      'site "Docs" › section "guides"',
      'site "Docs" › section "guides" › site space "guides"',
      'site "Docs" › redirect "/start"',
    ]);
  });

  it("holds no sensitive value, and tells a changed one by its item only", async () => {
    const first = await digestOf(CONFIG);
    expect(JSON.stringify(first)).not.toContain("MIIBdigestTEST");
    const other = await digestOf(CONFIG, CERT.replace("TEST", "BEST"));
    expect(configurationDifferences(first, other)).toEqual(['~ SAML provider "Okta": different']);
  });

  it("keys an item whose address holds a sensitive value by its address redacted, and tells a change", async () => {
    const withSecret = (secret: string) =>
      load(
        { "docsync.yaml": CONFIG.replace("{ title: Writers }", `{ title: "Writers \${TEAM_SECRET}" }`) },
        ["docsync.yaml"],
        { CERT, TEAM_SECRET: secret },
      ).then(configurationDigest);
    const first = await withSecret("trsec_41c9e0d27b");
    expect(JSON.stringify(first)).not.toContain("trsec_41c9e0d27b");
    expect(Object.keys(first.items)).toContain('team "Writers (sensitive)"');
    const other = await withSecret("trsec_77a0b5f3e1");
    expect(configurationDifferences(first, other)).toEqual(['~ team "Writers (sensitive)": different']);
  });

  it("names what differs by address: an item changed, added, gone; a child apart from its parent", async () => {
    const first = await digestOf(CONFIG);
    const other = await digestOf(
      CONFIG.replace("title: Guides", "title: Guide book")
        .replace("  - { title: Writers }", "  - { title: Support }")
        .replace("organization: org_acme", "organization: org_acme\npolicy: { maxDestroy: 3 }"),
    );
    expect(configurationDifferences(first, other)).toEqual([
      "~ policy: different",
      '+ team "Support": not in the configuration the plan was made from',
      '~ site "Docs" › section "guides": different',
      '- team "Writers": only in the configuration the plan was made from',
    ]);
    expect(configurationDifferences(first, first)).toEqual([]);
  });

  it("tells a kind managed with an empty list from a kind not managed", async () => {
    const none = await digestOf(CONFIG.replace("teams:\n  - { title: Writers }\n", ""));
    const empty = await digestOf(CONFIG.replace("teams:\n  - { title: Writers }\n", "teams: []\n"));
    expect(configurationDifferences(none, empty)).toEqual([
      "~ the kinds it manages differ (a list left out, or given empty)",
    ]);
  });
});
