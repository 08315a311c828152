import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.ts";
import { DEFAULT_PRUNE, type DesiredState } from "../../src/config/types.ts";
import { load, loadErrors, yaml } from "./helpers.ts";

const fixtures = join(import.meta.dirname, "fixtures");
const env = { DOCSYNC_ORG: "org_abc123", API_V2_SPACE_ID: "spc_api2" };
const CERT = "-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----";

describe("loadConfig on the format document's example", () => {
  const file = "full/docsync.yaml";
  const at = (line: number, column: number) => ({ file, line, column });

  it("resolves every kind into the desired state", async () => {
    const state = await loadConfig({ paths: ["full"], cwd: fixtures, env });
    const expected: DesiredState = {
      files: [file],
      organization: "org_abc123",
      spaces: { handbook: "spc_handbook", "api-v1": "spc_api1", "api-v2": "spc_api2" },
      spacesAt: {
        handbook: { file: "full/docsync.yaml", line: 6, column: 3 },
        "api-v1": { file: "full/docsync.yaml", line: 7, column: 3 },
        "api-v2": { file: "full/docsync.yaml", line: 8, column: 3 },
      },
      teams: [
        { at: at(11, 5), title: "Writers", members: ["usr_alice", "usr_bob"] },
        { at: at(13, 5), title: "Reviewers", was: "Editors" },
      ],
      customFields: [
        {
          at: at(17, 5),
          name: "owner",
          type: "text",
          title: "Owner",
          description: "Team that owns the space",
        },
        {
          at: at(21, 5),
          name: "tier",
          type: "select",
          title: "Support tier",
          options: ["gold", "silver", "bronze"],
        },
      ],
      samlProviders: [
        {
          at: at(27, 5),
          label: "Okta",
          entityID: "http://www.okta.com/exk1",
          ssoURL: "https://acme.okta.com/app/acme/exk1/sso/saml",
          certificate: CERT,
          defaultTeam: { title: "Writers" },
          defaultRole: "read",
        },
        {
          at: at(33, 5),
          label: "Legacy IdP",
          defaultTeam: { id: "team_legacy" },
          defaultRole: null,
          protect: true,
        },
      ],
      sites: [
        {
          at: at(39, 5),
          title: "Acme Docs",
          type: "basic",
          visibility: "public",
          basename: "docs",
          proxy: "https://acme.com/docs",
          adaptiveContent: { enabled: true },
          adaptiveSchema: {
            properties: { plan: { type: "string", description: "Visitor plan" } },
            additionalProperties: false,
          },
          sections: [
            {
              at: at(50, 9),
              path: "guides",
              title: "Guides",
              icon: "book-open",
              default: true,
              siteSpaces: [
                {
                  at: at(55, 13),
                  spaceId: "spc_handbook",
                  spaceName: "handbook",
                  path: "handbook",
                  default: true,
                },
              ],
            },
            {
              at: at(61, 13),
              path: "api",
              title: "API reference",
              was: "reference",
              condition: 'visitor.claims.plan == "enterprise"',
              group: "Developers",
              siteSpaces: [
                { at: at(66, 17), spaceId: "spc_api2", spaceName: "api-v2", path: "v2", default: true },
                { at: at(67, 17), spaceId: "spc_api1", spaceName: "api-v1", path: "v1", condition: null },
              ],
            },
          ],
          sectionGroups: [{ at: at(58, 9), title: "Developers", icon: "code", sections: ["api"] }],
          externalLinks: [],
          redirects: [
            {
              at: at(69, 9),
              source: "/old-guides",
              destination: { kind: "site-section", sectionPath: "guides" },
            },
            {
              at: at(71, 9),
              source: "/legacy",
              destination: { kind: "raw", value: { kind: "site-section", siteSectionId: "sec_123" } },
            },
          ],
        },
        {
          at: at(74, 5),
          id: "site_internal",
          title: "Internal handbook",
          visibility: "share-link",
          siteSpaces: [
            {
              at: at(78, 9),
              spaceId: "spc_handbook",
              spaceName: "handbook",
              path: "handbook",
              default: true,
            },
          ],
        },
      ],
      policy: { prune: ["sections", "sectionGroups", "siteSpaces", "redirects", "teams"], maxDestroy: 10 },
      sensitiveValues: [CERT],
    };
    // toStrictEqual: optional fields the file does not set must be absent, not undefined.
    expect(state).toStrictEqual(expected);
  });

  it("gives maxDestroy from the environment as a number", async () => {
    const state = await loadConfig({
      paths: ["full/docsync.yaml"],
      cwd: fixtures,
      env: { ...env, MAX_DESTROY: "3" },
    });
    expect(state.policy.maxDestroy).toBe(3);
  });
});

describe("lists that are absent, empty or given", () => {
  it("leaves an absent list undefined and keeps an empty one", async () => {
    const state = await load({
      "docsync.yaml": yaml("version: 1", "organization: org_1", "teams: []", "sites:", "  - title: Site one"),
    });
    expect(state.teams).toEqual([]);
    expect(state.customFields).toBeUndefined();
    expect(state.samlProviders).toBeUndefined();
    expect(state.sites).toStrictEqual([
      { at: { file: "docsync.yaml", line: 5, column: 5 }, title: "Site one" },
    ]);
  });

  it("defaults the policy to pruning the kinds inside sites and spaces, with no maxDestroy", async () => {
    const state = await load({ "docsync.yaml": yaml("version: 1", "organization: org_1") });
    expect(state.policy).toStrictEqual({ prune: [...DEFAULT_PRUNE] });
    expect(state.policy.prune).toEqual([
      "sections",
      "sectionGroups",
      "externalLinks",
      "siteSpaces",
      "redirects",
      "shareLinks",
      "permissions",
    ]);
    expect(state.spaces).toEqual({});
    expect(state.sensitiveValues).toEqual([]);
  });

  it("keeps an empty prune list: nothing is pruned", async () => {
    const state = await load({
      "docsync.yaml": yaml("version: 1", "organization: org_1", "policy: { prune: [] }"),
    });
    expect(state.policy.prune).toEqual([]);
  });

  it("gives sectionGroups as an empty list when a site has sections but no groups", async () => {
    const state = await load({
      "docsync.yaml": yaml(
        "version: 1",
        "organization: org_1",
        "spaces: { hb: spc_1 }",
        "sites:",
        "  - title: Site one",
        "    sections:",
        "      - { path: a, title: Aa, siteSpaces: [{ space: hb, path: x }] }",
        "    redirects: []",
      ),
    });
    const site = state.sites?.[0];
    expect(site?.sections?.map((s) => s.path)).toEqual(["a"]);
    expect(site?.sectionGroups).toEqual([]);
    expect(site?.redirects).toEqual([]);
    expect(site?.siteSpaces).toBeUndefined();
  });

  it("keeps sections in navigation order across groups and names each section's group", async () => {
    const state = await load({
      "docsync.yaml": yaml(
        "version: 1",
        "organization: org_1",
        "spaces: { hb: spc_1 }",
        "sites:",
        "  - title: Site one",
        "    sections:",
        "      - { path: a, title: Aa, siteSpaces: [{ space: hb, path: x }] }",
        "      - group: G1",
        "        sections:",
        "          - { path: b, title: Bb, siteSpaces: [{ space: hb, path: x }] }",
        "          - { path: c, title: Cc, siteSpaces: [{ space: hb, path: x }] }",
        "      - { path: d, title: Dd, siteSpaces: [{ space: hb, path: x }] }",
        "      - { group: G2, sections: [], protect: true, was: Old }",
      ),
    });
    const site = state.sites?.[0];
    expect(site?.sections?.map((s) => [s.path, s.group])).toEqual([
      ["a", undefined],
      ["b", "G1"],
      ["c", "G1"],
      ["d", undefined],
    ]);
    expect(site?.sectionGroups).toStrictEqual([
      { at: { file: "docsync.yaml", line: 8, column: 9 }, title: "G1", sections: ["b", "c"] },
      {
        at: { file: "docsync.yaml", line: 13, column: 9 },
        title: "G2",
        sections: [],
        protect: true,
        was: "Old",
      },
    ]);
  });

  it("accepts YAML anchors, aliases and merge keys", async () => {
    const state = await load({
      "docsync.yaml": yaml(
        "version: 1",
        "organization: org_1",
        "spaces: { hb: spc_1, hc: spc_2 }",
        "sites:",
        "  - title: Site one",
        "    siteSpaces:",
        "      - &base { space: hb, path: x, condition: visitor.a }",
        "      - { <<: *base, space: hc, path: y }",
      ),
    });
    expect(state.sites?.[0]?.siteSpaces?.map((s) => [s.path, s.condition])).toEqual([
      ["x", "visitor.a"],
      ["y", "visitor.a"],
    ]);
  });
});

describe("aliases", () => {
  it("that repeat their anchors billions of times (an alias bomb) are refused before anything walks them", async () => {
    const levels = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]'];
    for (let i = 1; i < 10; i++)
      levels.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(", ")}]`,
      );
    const message = await loadErrors({ "a.yaml": yaml("version: 1", "organization: org_1", ...levels) });
    expect(message).toBe(
      "a.yaml:1:1: aliases repeat too much: the value would hold 4,412,961,508 nodes; write the repeated parts out, or use fewer aliases\n1 error in 1 file.",
    );
  });

  it("inside the value of their own anchor are one error each, at the alias", async () => {
    const head = ["version: 1", "organization: org_1"];
    expect(await loadErrors({ "a.yaml": yaml(...head, "teams: &t [*t]") })).toBe(
      'a.yaml:3:12: teams[0]: alias "*t" is inside the value of its own anchor "&t" (column 8): the value would hold itself; write it out, or move the anchor\n1 error in 1 file.',
    );
    expect(await loadErrors({ "a.yaml": yaml(...head, "x:", "  &a", "  b: [1, { c: *a }]") })).toBe(
      'a.yaml:5:15: x.b[1].c: alias "*a" is inside the value of its own anchor "&a" (line 4): the value would hold itself; write it out, or move the anchor\n1 error in 1 file.',
    );
  });

  it("that put one list in two places have its items located at each place", async () => {
    const files = {
      "a.yaml": yaml(
        "version: 1",
        "organization: org_1",
        "spaces: { g: spc_1 }",
        "sites:",
        "  - title: One",
        "    sections: [{ path: a, title: Aa, siteSpaces: [{ space: g, path: v }] }]",
        "    redirects: &r",
        "      - { source: /x, to: { section: b } }",
        "  - title: Two",
        "    sections: [{ path: b, title: Bb, siteSpaces: [{ space: g, path: v }] }]",
        "    redirects: *r",
        "  - title: Three",
        "    redirects: *r",
      ),
    };
    // Each site's check reads the list in its own place, and so does each error.
    expect(await loadErrors(files)).toBe(
      [
        'a.yaml:8:38: sites[0].redirects[0].to.section: no section with path "b" in site "One"',
        'a.yaml:8:38: sites[2].redirects[0].to.section: site "Three" lists no sections, so "b" cannot be found; use destination: { kind: site-section, siteSectionId: ... }',
        "2 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("that nest a value deeper than a file may be written are refused, however few they are", async () => {
    // Each line within the depth a file may be written (MAX_DEPTH), 25 of them past it.
    const levels = [`a0: &a0 ${"[".repeat(80)}1${"]".repeat(80)}`];
    for (let i = 1; i < 25; i++) levels.push(`a${i}: &a${i} ${"[".repeat(80)}*a${i - 1}${"]".repeat(80)}`);
    const message = await loadErrors({ "a.yaml": yaml("version: 1", "organization: org_1", ...levels) });
    expect(message).toBe(
      "a.yaml:1:1: aliases nest the value 2,001 levels deep, past 1,000: write the repeated parts out, or use fewer aliases\n1 error in 1 file.",
    );
  });
});

describe("docs/configuration.md", () => {
  it("has a complete example that loads", async () => {
    const docs = readFileSync(join(import.meta.dirname, "..", "..", "docs", "configuration.md"), "utf8");
    const example = /## A complete example\s+```yaml\n([\s\S]*?)```/.exec(docs)?.[1];
    expect(example).toContain("version: 1");
    const state = await load(
      { "docsync.yaml": example ?? "", "certs/okta.pem": "CERT\n" },
      ["docsync.yaml"],
      { DOCSYNC_ORG: "org_doc", API_V2_SPACE_ID: "spc_api2" },
    );
    expect(state.organization).toBe("org_doc");
    expect(state.sites?.map((s) => s.title)).toEqual(["Acme Docs", "Internal handbook"]);
    expect(state.sensitiveValues).toEqual(["CERT"]);
  });
});
