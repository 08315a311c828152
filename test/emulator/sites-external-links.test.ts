// External links in a site's navigation over real HTTP: created at the root or in a group,
// listed by `GET …/structure` with sections and groups in order, moved with the structure's
// sort operation next to a sibling at their level, changed and deleted.

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

beforeAll(async () => {
  emulator = await startEmulator();
  ada = callerAs(emulator, "usr_ada");
});
afterAll(() => emulator.close());

async function sectionedSite(): Promise<{ at: string; guides: Json; api: Json }> {
  const site = await createSite(ada, { title: "Navigation" });
  const guides = await createSection(ada, site.id, { spaceId: "spc_guides", title: "Guides" });
  const api = await createSection(ada, site.id, { spaceId: "spc_api_v1", title: "API" });
  return { at: `${SITES}/${site.id}`, guides, api };
}

const addLink = async (at: string, body: Json): Promise<Json> =>
  expectStatus(await ada("POST", `${at}/external-links`, body), 201);

/** The structure as `type:id` entries, a group followed by its children in brackets. */
async function outline(at: string): Promise<string[]> {
  const { type, structure } = expectStatus(await ada("GET", `${at}/structure`), 200);
  expect(type).toBe("sections");
  return structure.map((entry: Json) =>
    entry.object === "site-section-group"
      ? `group:${entry.title}[${entry.children.map((child: Json) => child.title).join(",")}]`
      : `${entry.object === "site-section" ? "section" : "link"}:${entry.title}`,
  );
}

const sort = (at: string, item: Json, position: Json) =>
  ada("PATCH", `${at}/structure/sort`, { item, position });
const pointer = (type: string, id: string) => ({ type, id });

describe("external links", () => {
  it("are created with the published fields and listed in the structure after the sections", async () => {
    const { at } = await sectionedSite();
    const status = await addLink(at, {
      title: "Status",
      url: "https://status.acme.example",
      description: "Is it up?",
      localizedTitle: { fr: "État" },
      icon: "signal",
    });
    expect(status).toEqual({
      object: "site-external-link",
      id: expect.any(String),
      title: "Status",
      localizedTitle: { fr: "État" },
      description: "Is it up?",
      icon: "signal",
      url: "https://status.acme.example",
      draft: false,
    });
    expect(await outline(at)).toEqual(["section:Guides", "section:API", "link:Status"]);
  });

  it("answer 400 on a site without sections, a relative URL, a short title or an unknown group", async () => {
    const flat = await createSite(ada, { title: "Flat", spaces: ["spc_handbook"] });
    const flatAt = `${SITES}/${flat.id}`;
    expectError(
      await ada("POST", `${flatAt}/external-links`, { title: "Status", url: "https://status.acme.example" }),
      400,
      `site "${flat.id}" has no sections: external links are entries of a navigation of sections`,
    );
    expect(expectStatus(await ada("GET", `${flatAt}/structure`), 200).type).toBe("siteSpaces");
    const { at } = await sectionedSite();
    const post = (body: Json) => ada("POST", `${at}/external-links`, body);
    expectError(
      await post({ title: "Status", url: "/status" }),
      400,
      "url: must be an absolute http or https URL",
    );
    expectError(
      await post({ title: "S", url: "https://a.example" }),
      400,
      "title: must be 2 to 128 characters, got 1",
    );
    expectError(await post({ url: "https://a.example" }), 400, "title: required");
    expectError(
      await post({ title: "Status", url: "https://a.example", parent: "sitesg_nope" }),
      400,
      `parent: site section group "sitesg_nope" not found in site "${at.split("/").pop()}"`,
    );
    expectError(
      await post({ title: "Status", url: "https://a.example", localizedTitle: { fr: "x".repeat(129) } }),
      400,
      "localizedTitle.fr: must be at most 128 characters, got 129",
    );
  });

  it("join and leave a group, are changed field by field, and deleted", async () => {
    const { at, api } = await sectionedSite();
    const group = expectStatus(
      await ada("POST", `${at}/section-groups`, { title: "Developers", sections: [api.id] }),
      201,
    );
    const sdk = await addLink(at, { title: "SDK", url: "https://sdk.acme.example", parent: group.id });
    expect(sdk.sectionGroup).toBe(group.id);
    expect(await outline(at)).toEqual(["section:Guides", "group:Developers[API,SDK]"]);
    const groupAnswer = expectStatus(await ada("GET", `${at}/section-groups`), 200).items[0];
    expect(groupAnswer.sections.map((section: Json) => section.id)).toEqual([api.id]);

    const changed = expectStatus(
      await ada("PATCH", `${at}/external-links/${sdk.id}`, {
        parent: null,
        description: "Kits",
        draft: true,
      }),
      200,
    );
    expect(changed).toMatchObject({ description: "Kits", draft: true });
    expect(changed.sectionGroup).toBeUndefined();
    expect(await outline(at)).toEqual(["section:Guides", "group:Developers[API]", "link:SDK"]);
    const cleared = expectStatus(
      await ada("PATCH", `${at}/external-links/${sdk.id}`, { description: null }),
      200,
    );
    expect(cleared.description).toBeUndefined();

    expect((await ada("DELETE", `${at}/external-links/${sdk.id}`)).status).toBe(204);
    expect(await outline(at)).toEqual(["section:Guides", "group:Developers[API]"]);
    expectError(
      await ada("DELETE", `${at}/external-links/${sdk.id}`),
      404,
      `site external link "${sdk.id}" not found`,
    );
  });

  it("leave a deleted group for the root, and go with the site's last section", async () => {
    const { at, guides, api } = await sectionedSite();
    const group = expectStatus(await ada("POST", `${at}/section-groups`, { title: "More" }), 201);
    await addLink(at, { title: "Blog", url: "https://blog.acme.example", parent: group.id });
    expect(await outline(at)).toEqual(["section:Guides", "section:API", "group:More[Blog]"]);
    expect((await ada("DELETE", `${at}/section-groups/${group.id}`)).status).toBe(204);
    expect(await outline(at)).toEqual(["section:Guides", "section:API", "link:Blog"]);
    expect((await ada("DELETE", `${at}/sections/${api.id}`)).status).toBe(204);
    expect((await ada("DELETE", `${at}/sections/${guides.id}`)).status).toBe(204);
    expect(expectStatus(await ada("GET", `${at}/structure`), 200)).toEqual({
      type: "siteSpaces",
      structure: [],
    });
  });
});

describe("the structure's sort operation", () => {
  it("moves a link, a section and a group before or after a sibling at the root", async () => {
    const { at, guides, api } = await sectionedSite();
    const status = await addLink(at, { title: "Status", url: "https://status.acme.example" });
    const moved = expectStatus(
      await sort(at, pointer("site-external-link", status.id), {
        before: pointer("site-section", guides.id),
      }),
      200,
    );
    expect(moved).toMatchObject({ object: "site-external-link", id: status.id });
    expect(await outline(at)).toEqual(["link:Status", "section:Guides", "section:API"]);

    const section = expectStatus(
      await sort(at, pointer("site-section", api.id), { after: pointer("site-external-link", status.id) }),
      200,
    );
    expect(section).toMatchObject({ object: "site-section", id: api.id });
    expect(await outline(at)).toEqual(["link:Status", "section:API", "section:Guides"]);

    const group = expectStatus(
      await ada("POST", `${at}/section-groups`, { title: "Learn", sections: [guides.id] }),
      201,
    );
    const groupMoved = expectStatus(
      await sort(at, pointer("site-section-group", group.id), {
        before: pointer("site-external-link", status.id),
      }),
      200,
    );
    expect(groupMoved).toMatchObject({ object: "site-section-group", id: group.id });
    expect(await outline(at)).toEqual(["group:Learn[Guides]", "link:Status", "section:API"]);
    // The spec's own section order follows.
    const sections = expectStatus(await ada("GET", `${at}/sections`), 200).items.map((s: Json) => s.id);
    expect(sections).toEqual([guides.id, api.id]);
  });

  it("moves within a group, and refuses an anchor at another level", async () => {
    const { at, guides, api } = await sectionedSite();
    const group = expectStatus(
      await ada("POST", `${at}/section-groups`, { title: "Docs", sections: [guides.id, api.id] }),
      201,
    );
    const faq = await addLink(at, { title: "FAQ", url: "https://faq.acme.example", parent: group.id });
    const root = await addLink(at, { title: "Home", url: "https://acme.example" });
    expectStatus(
      await sort(at, pointer("site-external-link", faq.id), { before: pointer("site-section", guides.id) }),
      200,
    );
    expect(await outline(at)).toEqual(["group:Docs[FAQ,Guides,API]", "link:Home"]);
    expectError(
      await sort(at, pointer("site-external-link", root.id), { before: pointer("site-section", api.id) }),
      400,
      `position.before: site-section "${api.id}" is not at the level of the item moved`,
    );
    expectError(
      await sort(at, pointer("site-section", api.id), { after: pointer("site-section-group", group.id) }),
      400,
      `position.after: site-section-group "${group.id}" is not at the level of the item moved`,
    );
    expectError(
      await sort(at, pointer("site-section", api.id), { before: pointer("site-section", api.id) }),
      400,
      "position.before: must be another item than the one moved",
    );
    expectError(
      await sort(at, pointer("site-section", api.id), {
        before: pointer("site-section", guides.id),
        after: pointer("site-section", guides.id),
      }),
      400,
      "position: must have exactly one of before, after",
    );
    expectError(
      await sort(at, pointer("site-page", api.id), { before: pointer("site-section", guides.id) }),
      400,
      "item.type: must be one of site-space, site-section, site-section-group, site-external-link",
    );
    expectError(
      await sort(at, pointer("site-section", "sitesc_nope"), { before: pointer("site-section", guides.id) }),
      400,
      `item: site-section "sitesc_nope" not found in site "${at.split("/").pop()}"`,
    );
    expect(await outline(at)).toEqual(["group:Docs[FAQ,Guides,API]", "link:Home"]);
  });

  it("moves a site space within its section", async () => {
    const { at, guides } = await sectionedSite();
    const first = guides.siteSpaces[0];
    const second = expectStatus(
      await ada("POST", `${at}/site-spaces`, { spaceId: "spc_sdk", sectionId: guides.id }),
      201,
    );
    const moved = expectStatus(
      await sort(at, pointer("site-space", second.id), { before: pointer("site-space", first.id) }),
      200,
    );
    expect(moved).toMatchObject({ object: "site-space", id: second.id });
    const section = expectStatus(await ada("GET", `${at}/sections`), 200).items[0];
    expect(section.siteSpaces.map((entry: Json) => entry.id)).toEqual([second.id, first.id]);
    expectError(
      await sort(at, pointer("site-space", second.id), { before: pointer("site-section", guides.id) }),
      400,
      "position.before.type: must be site-space, as the item moved",
    );
  });
});
