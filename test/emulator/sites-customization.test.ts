// A site's customization over real HTTP: the whole document a PUT replaces (every required
// group, the published patterns, enums and bounds), and a site space's overrides (PATCH sets
// fields, null removes one, DELETE all) shown on top of the site's document as it changes.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  callerAs,
  createSection,
  createSite,
  type Emulator,
  expectError,
  expectStatus,
  type Json,
  SITES,
  startEmulator,
} from "./sites-helpers.ts";

let emulator: Emulator;
let ada: Caller;
let eddie: Caller;

beforeAll(async () => {
  emulator = await startEmulator();
  ada = callerAs(emulator, "usr_ada");
  eddie = callerAs(emulator, "usr_eddie");
});
afterAll(() => emulator.close());

async function siteWithSiteSpace(): Promise<{ at: string; siteSpaceAt: string }> {
  const site = await createSite(ada, { type: "ultimate", title: "Branded" });
  const section = await createSection(ada, site.id, { spaceId: "spc_handbook" });
  const at = `${SITES}/${site.id}`;
  return { at, siteSpaceAt: `${at}/site-spaces/${section.siteSpaces[0].id}` };
}

/** The document as GET answers it, without `updatedAt`: what a PUT may send back. */
async function documentOf(at: string): Promise<Json> {
  const { updatedAt: _updatedAt, ...document } = expectStatus(await ada("GET", `${at}/customization`), 200);
  return document;
}

describe("a site's customization", () => {
  it("starts with every required group and is replaced whole by PUT", async () => {
    const { at } = await siteWithSiteSpace();
    const document = await documentOf(at);
    expect(Object.keys(document)).toEqual(
      expect.arrayContaining(["styling", "internationalization", "favicon", "header", "footer", "themes"]),
    );
    expect(document.title).toBeUndefined();
    const changed = {
      ...document,
      title: "Acme Docs",
      styling: {
        ...document.styling,
        primaryColor: { light: "#0B5FFF", dark: "#5B8CFF" },
        corners: "straight",
      },
      header: { ...document.header, preset: "bold" },
    };
    const answer = expectStatus(await ada("PUT", `${at}/customization`, changed), 200);
    expect(answer).toEqual({ ...changed, updatedAt: expect.any(String) });
    expect(await documentOf(at)).toEqual(changed);

    // Leaving out an optional field removes it: the document is replaced, not merged.
    const { title: _title, ...untitled } = changed;
    expectStatus(await ada("PUT", `${at}/customization`, untitled), 200);
    expect((await documentOf(at)).title).toBeUndefined();
  });

  it("answers 400 naming the field for a missing group, a bad color, an unknown enum value or a long text", async () => {
    const { at } = await siteWithSiteSpace();
    const document = await documentOf(at);
    const { styling: _styling, ...withoutStyling } = document;
    expectError(await ada("PUT", `${at}/customization`, withoutStyling), 400, "styling: required");
    const put = (changes: Json) => ada("PUT", `${at}/customization`, { ...document, ...changes });
    expectError(
      await put({ styling: { ...document.styling, primaryColor: { light: "blue", dark: "#000" } } }),
      400,
      "styling.primaryColor.light: must match ^#(?:[0-9a-fA-F]{3}){1,2}$",
    );
    expectError(
      await put({ styling: { ...document.styling, corners: "square" } }),
      400,
      "styling.corners: must be one of straight, rounded, circular",
    );
    expectError(await put({ title: "x" }), 400, "title: must be 2 to 128 characters, got 1");
    expectError(
      await put({ socialAccounts: Array.from({ length: 11 }, () => document.socialAccounts[0] ?? {}) }),
      400,
      "socialAccounts: must have at most 10 items",
    );
    expectError(
      await put({ header: { ...document.header, primaryLink: { kind: "page" } } }),
      400,
      "header.primaryLink.page: required",
    );
    expectError(
      await put({
        favicon: { emoji: "🚀", icon: { light: "https://a.example/i.png", dark: "https://a.example/i.png" } },
      }),
      400,
      "favicon: must have one of icon, emoji, not both",
    );
    expectError(
      await put({ styling: { ...document.styling, extra: 1 } }),
      400,
      "styling.extra: unknown field",
    );
    expectError(
      await ada("PUT", `${at}/customization`, []),
      400,
      "request body: must be an object, got an array",
    );
    // Nothing of the refused bodies was kept.
    expect(await documentOf(at)).toEqual(document);
  });

  it("needs the admin role to change", async () => {
    const { at } = await siteWithSiteSpace();
    const document = await documentOf(at);
    expectError(
      await eddie("PUT", `${at}/customization`, document),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectStatus(await eddie("GET", `${at}/customization`), 200);
  });
});

describe("a site space's customization", () => {
  it("shows the site's document with the overrides applied, following the site's changes", async () => {
    const { at, siteSpaceAt } = await siteWithSiteSpace();
    const site = await documentOf(at);
    expect((await documentOf(siteSpaceAt)).styling).toEqual(site.styling);

    const green = { light: "#00875A", dark: "#36B37E" };
    const patched = expectStatus(
      await ada("PATCH", `${siteSpaceAt}/customization`, {
        styling: { primaryColor: green, sidebar: { list: "pill" } },
        title: "Guides",
      }),
      200,
    );
    expect(patched.styling).toEqual({
      ...site.styling,
      primaryColor: green,
      sidebar: { background: "default", list: "pill" },
    });
    expect(patched.title).toBe("Guides");

    // The site changes: what the site space does not override follows.
    const muted = {
      ...site,
      styling: { ...site.styling, theme: "muted", primaryColor: { light: "#111", dark: "#222" } },
    };
    expectStatus(await ada("PUT", `${at}/customization`, muted), 200);
    const effective = await documentOf(siteSpaceAt);
    expect(effective.styling.theme).toBe("muted");
    expect(effective.styling.primaryColor).toEqual(green);

    // null removes one override; the site's value shows again.
    expectStatus(
      await ada("PATCH", `${siteSpaceAt}/customization`, { styling: { primaryColor: null } }),
      200,
    );
    expect((await documentOf(siteSpaceAt)).styling.primaryColor).toEqual({ light: "#111", dark: "#222" });
    expect((await documentOf(siteSpaceAt)).styling.sidebar.list).toBe("pill");

    // DELETE removes every override.
    expect((await ada("DELETE", `${siteSpaceAt}/customization`)).status).toBe(204);
    expect(await documentOf(siteSpaceAt)).toEqual(await documentOf(at));
  });

  it("checks a PATCH as the published override: bounds, patterns, enums and required fields of its groups", async () => {
    const { siteSpaceAt } = await siteWithSiteSpace();
    const patch = (body: Json) => ada("PATCH", `${siteSpaceAt}/customization`, body);
    expectError(
      await patch({ styling: { icons: "bold" } }),
      400,
      "styling.icons: must be one of regular, solid, duotone, light, thin",
    );
    expectError(await patch({ feedback: {} }), 400, "feedback.enabled: required");
    expectError(
      await patch({ footer: { copyright: "x".repeat(513) } }),
      400,
      "footer.copyright: must be at most 512 characters, got 513",
    );
    expectError(
      await patch({ privacyPolicy: { url: "acme.example/privacy" } }),
      400,
      "privacyPolicy.url: must be an absolute http or https URL",
    );
    expectError(await patch({ styling: { font: "Inter" } }), 400, "styling.font: unknown field");
    expectStatus(await patch({ feedback: { enabled: null }, internationalization: { locale: "fr" } }), 200);
    // An announcement is one value: a second one replaces the first whole.
    const announcement = {
      enabled: true,
      message: "New!",
      localizedMessage: { fr: "Nouveau !" },
      style: "info",
    };
    expectStatus(await patch({ announcement }), 200);
    const { localizedMessage: _fr, ...plain } = announcement;
    expect(expectStatus(await patch({ announcement: plain }), 200).announcement).toEqual(plain);
    expectError(
      await ada("PATCH", `${siteSpaceAt.replace(/[^/]+$/, "nope")}/customization`, {}),
      404,
      'site space "nope" not found',
    );
  });
});
