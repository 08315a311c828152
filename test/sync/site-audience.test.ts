// A site's audience as code against the emulator over HTTP: `published:` (publish and unpublish,
// and the checkout answer that asks for a plan upgrade), `shareLinks:` (create, rename with was:,
// deactivate, prune) and `visitorAuth:` (backend, fallback and logout URLs; the private key,
// compared only). Plan, apply, a plan of no changes after, drift of hand changes, the export's
// round trip, and reads only for the sites whose configuration names these resources.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE } from "../../src/emulator/fixture/default.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { handbook: spc_handbook }
`;

interface Audience {
  published?: boolean;
  shareLinks?: string;
  visitorAuth?: string;
  type?: string;
  visibility?: string;
}

/** A site named Docs with the audience given, and a site named Plain that names none. */
const config = ({ published, shareLinks, visitorAuth, type, visibility }: Audience) => `${HEADER}sites:
  - title: Docs
    visibility: ${visibility ?? "share-link"}${type ? `\n    type: ${type}` : ""}
    siteSpaces: [{ space: handbook, path: handbook }]${published === undefined ? "" : `\n    published: ${published}`}${shareLinks === undefined ? "" : `\n    shareLinks: ${shareLinks}`}${visitorAuth === undefined ? "" : `\n    visitorAuth: ${visitorAuth}`}
  - title: Plain
    siteSpaces: [{ space: handbook, path: handbook }]
`;

interface ShareLink {
  id: string;
  name: string;
  active: boolean;
  urls: { published: string };
}

describe("a site's audience", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const siteId = async (title: string) =>
    (await h.api.list<{ id: string; title: string }>(`/orgs/${h.org}/sites`)).find((s) => s.title === title)!
      .id;
  const site = async (title = "Docs") =>
    h.api.get<{ published: boolean }>(`/orgs/${h.org}/sites/${await siteId(title)}`);
  const links = async () => h.api.list<ShareLink>(`/orgs/${h.org}/sites/${await siteId("Docs")}/share-links`);
  const auth = async () =>
    h.api.get<Record<string, string>>(`/orgs/${h.org}/sites/${await siteId("Docs")}/publishing/auth`);
  const noChanges = async (file: string, env?: NodeJS.ProcessEnv) => {
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"], env ? { env } : {});
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
  };

  it("publishes a new site with its share links and visitor authentication, then plans no change", async () => {
    const file = await h.config(
      config({
        published: true,
        shareLinks: "[{ name: partners }, { name: press, active: false }]",
        visitorAuth: "{ backend: custom, fallbackURL: https://acme.example/login }",
      }),
    );
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('share link "partners"');
    expect(plan.stdout).toContain('publishing "site": published true');
    expect(plan.stdout).toContain('visitor authentication "site": fallbackURL "https://acme.example/login"');
    await applied(h, file);
    expect((await site()).published).toBe(true);
    expect((await site("Plain")).published).toBe(false);
    const made = (await links()).map(({ name, active }) => ({ name, active }));
    expect(made.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "partners", active: true },
      { name: "press", active: false },
    ]);
    expect(await auth()).toMatchObject({ backend: "custom", fallbackURL: "https://acme.example/login" });
    await noChanges(file);
  });

  it("changes each field: unpublishes, renames with was:, deactivates, prunes, sets and removes URLs", async () => {
    await applied(
      h,
      await h.config(
        config({
          published: true,
          shareLinks: "[{ name: partners }, { name: press }]",
          visitorAuth: "{ backend: custom, fallbackURL: https://acme.example/login }",
        }),
      ),
    );
    const before = await links();
    const file = await h.config(
      config({
        published: false,
        shareLinks: "[{ name: resellers, was: partners, active: false }]",
        visitorAuth: "{ fallbackURL: null, logoutURL: https://acme.example/bye }",
      }),
    );
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.stdout).toContain("published true ⇒ false");
    expect(plan.stdout).toContain('name "partners" ⇒ "resellers"');
    expect(plan.stdout).toContain("active true ⇒ false");
    expect(plan.stdout).toContain('- share link "press"');
    expect(plan.stdout).toContain('fallbackURL: "https://acme.example/login" ⇒ (removed)');
    expect(plan.stdout).toContain('logoutURL: (not set) ⇒ "https://acme.example/bye"');
    await applied(h, file);
    expect((await site()).published).toBe(false);
    const after = await links();
    // Renamed in place: the same link, so the URL people were given still works.
    expect(after.map(({ id, name, active }) => ({ id, name, active }))).toEqual([
      { id: before.find((link) => link.name === "partners")!.id, name: "resellers", active: false },
    ]);
    const live = await auth();
    expect(live.fallbackURL).toBeUndefined();
    expect(live.logoutURL).toBe("https://acme.example/bye");
    await noChanges(file);
  });

  it("reports hand changes as drift", async () => {
    const file = await h.config(
      config({
        published: true,
        shareLinks: "[{ name: partners, active: true }]",
        visitorAuth: "{ backend: custom }",
      }),
    );
    await applied(h, file);
    const id = await siteId("Docs");
    const [link] = await links();
    await h.api.send({ method: "POST", path: `/orgs/${h.org}/sites/${id}/unpublish` });
    await h.api.send({
      method: "PATCH",
      path: `/orgs/${h.org}/sites/${id}/share-links/${link!.id}`,
      body: { active: false },
    });
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/sites/${id}/share-links`,
      body: { name: "leak" },
    });
    await h.api.send({
      method: "PATCH",
      path: `/orgs/${h.org}/sites/${id}/publishing/auth`,
      body: { backend: "integration", integration: "okta-visitors" },
    });
    const drift = await h.run(["drift", "-c", file]);
    expect(drift.code, drift.stderr).toBe(2);
    expect(drift.stdout).toContain("published false ⇒ true");
    expect(drift.stdout).toContain("active false ⇒ true");
    expect(drift.stdout).toContain('share link "leak"');
    expect(drift.stdout).toContain('backend "integration" ⇒ "custom"');
    await applied(h, file);
    await noChanges(file);
    expect((await links()).map((l) => l.name)).toEqual(["partners"]);
  });

  it("shows nothing for a new site's audience as the service makes it", async () => {
    const file = await h.config(
      config({ published: false, shareLinks: "[]", visitorAuth: "{ backend: custom }" }),
    );
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.stdout).not.toContain("publishing");
    expect(plan.stdout).not.toContain("visitor authentication");
    expect(plan.stdout).toContain("Plan: 4 to create (2 sites, 2 site spaces)");
    await applied(h, file);
    expect((await site()).published).toBe(false);
    await noChanges(file);
  });

  it("reads share links and visitor authentication only for the sites that name them", async () => {
    const file = await h.config(config({ shareLinks: "[{ name: partners }]", visitorAuth: "{}" }));
    await applied(h, file);
    h.emulator.resetLog();
    await noChanges(file);
    const reads = h.emulator.requests.filter(
      (entry) => entry.path.endsWith("/share-links") || entry.path.endsWith("/publishing/auth"),
    );
    const docs = await siteId("Docs");
    expect(reads.length).toBe(2);
    expect(reads.every((entry) => entry.path.includes(docs))).toBe(true);
  });

  it("exports the audience, the private key as a variable to set, and the export plans no change", async () => {
    const file = await h.config(
      config({
        visibility: "visitor-auth",
        published: true,
        shareLinks: "[{ name: partners }, { name: press, active: false }]",
        visitorAuth: "{ backend: custom, logoutURL: https://acme.example/bye }",
      }),
    );
    await applied(h, file);
    const key = (await auth()).privateKey!;
    const urls = (await links()).map((link) => link.urls.published);
    const exported = `${file}.exported.yaml`;
    const result = await h.run(["export", "-o", exported]);
    expect(result.code, result.stderr).toBe(0);
    const text = await readFile(exported, "utf8");
    expect(text).toContain("published: true");
    expect(text).toMatch(/name: press\s+active: false/);
    expect(text).toMatch(
      /logoutURL: https:\/\/acme.example\/bye\s+privateKey: "\$\{VISITOR_DOCS_PRIVATE_KEY\}"/,
    );
    // The variable to set is listed in the file's header.
    expect(text).toMatch(/^#\s+VISITOR_DOCS_PRIVATE_KEY: /m);
    // Only a site whose visitors sign in has its visitor authentication written.
    expect(text.match(/visitorAuth:/g)?.length).toBe(1);
    expect(text).not.toContain(key);
    for (const url of urls) expect(text).not.toContain(new URL(url).searchParams.get("share-key"));
    await noChanges(exported, { VISITOR_DOCS_PRIVATE_KEY: key });
  });

  it("stops the plan when the configured private key is not the site's, without printing either", async () => {
    const file = await h.config(
      config({ visitorAuth: `{ backend: custom, privateKey: "\${VISITOR_KEY}" }` }),
    );
    const wrong = "not-the-key-0123456789abcdef";
    const created = await h.run(["apply", "-c", file, "--yes"], { env: { VISITOR_KEY: wrong } });
    expect(created.code).toBe(1);
    expect(created.stderr).toContain('site "Docs": visitorAuth.privateKey cannot be set: the site is new');
    await applied(h, await h.config(config({ visitorAuth: "{ backend: custom }" })));
    const key = (await auth()).privateKey!;
    const plan = await h.run(["plan", "-c", file, "--format", "json"], { env: { VISITOR_KEY: wrong } });
    expect(plan.code).toBe(1);
    expect(JSON.parse(plan.stdout).code).toBe("plan.private-key");
    expect(plan.stdout + plan.stderr).not.toContain(wrong);
    expect(plan.stdout + plan.stderr).not.toContain(key);
    expect(plan.stderr).not.toMatch(/\n\s+at /);
    await noChanges(file, { VISITOR_KEY: key });
  });
});

describe("a site's audience in a file that is not valid", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("names each mistake at its file:line:col", async () => {
    const file = await h.config(`${HEADER}sites:
  - title: Docs
    published: "yes"
    shareLinks:
      - { name: partners, activ: true }
    visitorAuth:
      fallbackURL: ftp://acme.example/login
`);
    const result = await h.run(["validate", "-c", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:6:16: sites[0].published: must be true or false (got a string)`);
    expect(result.stderr).toContain(`${file}:8:27: sites[0].shareLinks[0].activ: unknown key "activ"`);
    expect(result.stderr).toContain(
      `${file}:10:20: sites[0].visitorAuth.fallbackURL: must be an absolute http:// or https:// URL, or null`,
    );
    const integration = await h.config(`${HEADER}sites:
  - title: Docs
    visitorAuth: { backend: custom, integration: okta-visitors }
`);
    const checked = await h.run(["validate", "-c", integration]);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(
      `${integration}:6:50: sites[0].visitorAuth.integration: integration is only for backend: integration`,
    );
  });
});

describe("publishing a site whose plan needs an upgrade", () => {
  let h: Harness;
  beforeEach(async () => {
    const [acme, ...others] = DEFAULT_FIXTURE.organizations;
    h = await startHarness({
      fixture: { ...DEFAULT_FIXTURE, organizations: [{ ...acme!, plan: "free" }, ...others] },
    });
  });
  afterEach(() => h.close());

  it("fails with one clear error naming the site and the way forward", async () => {
    const file = await h.config(
      config({ type: "premium", published: true, shareLinks: "[{ name: partners }]" }),
    );
    const text = await h.run(["apply", "-c", file, "--yes"]);
    expect(text.code).toBe(1);
    const output = text.stdout + text.stderr;
    expect(output).toContain(
      `site "Docs" was not published: the service asks for an upgrade of the organization's plan`,
    );
    expect(output).toContain("then apply again; or set published: false");
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain("cs_");
    const json = await h.run(["apply", "-c", file, "--yes", "--format", "json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(JSON.stringify(report)).toContain('"apply.plan-upgrade"');
    // Everything else was made: the share link does not wait for the publish.
    const id = (await h.api.list<{ id: string; title: string }>(`/orgs/${h.org}/sites`)).find(
      (s) => s.title === "Docs",
    )!.id;
    expect(
      (await h.api.list<{ name: string }>(`/orgs/${h.org}/sites/${id}/share-links`)).map((l) => l.name),
    ).toEqual(["partners"]);
  });
});
