// Every kind whose create may be recovered: its create answered 500 after the item was made, the
// apply finds the item in its list, takes it as made, and the next plan is empty, with one item
// made. One example per kind (the seeded random tests meet them by chance only).

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides }
`;
const SITE = `sites:
  - title: Docs
    sections:
      - { path: start, title: Start, siteSpaces: [{ space: guides, path: g }] }
`;

/** A kind's configuration beside what it needs, the create to fail, and where the made item is listed, by what it is called. */
const CASES: {
  kind: string;
  before?: string;
  config: string;
  create: { method: string; path: RegExp };
  list: (org: string, site: string | undefined) => string;
  named: (item: Record<string, unknown>) => boolean;
}[] = [
  {
    kind: "site",
    config: "sites: [{ title: Recovered }]\n",
    create: { method: "POST", path: /\/sites$/ },
    list: (org) => `/orgs/${org}/sites`,
    named: (item) => item.title === "Recovered",
  },
  {
    kind: "team",
    config: "teams: [{ title: Recovered }]\n",
    create: { method: "PUT", path: /\/teams$/ },
    list: (org) => `/orgs/${org}/teams`,
    named: (item) => item.title === "Recovered",
  },
  {
    kind: "collection",
    config: "collections: [{ title: Recovered }]\n",
    create: { method: "POST", path: /\/collections$/ },
    list: (org) => `/orgs/${org}/collections`,
    named: (item) => item.title === "Recovered",
  },
  {
    kind: "custom field",
    config: "customFields: [{ name: recovered, type: text, title: Recovered }]\n",
    create: { method: "POST", path: /\/custom-fields$/ },
    list: (org) => `/orgs/${org}/custom-fields`,
    named: (item) => item.name === "recovered",
  },
  {
    kind: "OpenAPI spec",
    config: "openApiSpecs: [{ slug: recovered, source: https://api.acme.example/openapi.yaml }]\n",
    create: { method: "POST", path: /\/openapi$/ },
    list: (org) => `/orgs/${org}/openapi`,
    named: (item) => item.slug === "recovered",
  },
  {
    kind: "translation",
    config: "translations: [{ title: Recovered }]\n",
    create: { method: "POST", path: /\/translations$/ },
    list: (org) => `/orgs/${org}/translations`,
    named: (item) => item.title === "Recovered",
  },
  {
    kind: "section group",
    before: SITE,
    config: `sites:
  - title: Docs
    sections:
      - group: Recovered
        sections:
          - { path: start, title: Start, siteSpaces: [{ space: guides, path: g }] }
`,
    create: { method: "POST", path: /\/section-groups$/ },
    list: (org, site) => `/orgs/${org}/sites/${site}/section-groups`,
    named: (item) => item.title === "Recovered",
  },
  {
    kind: "redirect",
    before: SITE,
    config: `${SITE}    redirects:\n      - { source: /recovered, to: { section: start } }\n`,
    create: { method: "POST", path: /\/redirects$/ },
    list: (org, site) => `/orgs/${org}/sites/${site}/redirects`,
    named: (item) => item.source === "/recovered",
  },
];

describe("a create answered 500 after it was made", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  for (const { kind, before, config, create, list, named } of CASES) {
    it(`is found again in its list: ${kind}`, async () => {
      if (before) await applied(h, await h.config(HEAD + before));
      h.emulator.failNext({ ...create, kind: "after-commit" });
      const path = await h.config(HEAD + config);
      await applied(h, path);
      expect(h.emulator.requests.filter((entry) => entry.fault === "after-commit")).toHaveLength(1);
      const [site] = await h.api.list<{ id: string }>(`/orgs/${h.org}/sites`);
      const items = await h.api.list<Record<string, unknown>>(list(h.org, site?.id));
      expect(items.filter(named)).toHaveLength(1);
      const again = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
      expect(again.stdout).toBe("No changes: live state matches the configuration.\n");
    });
  }
});
