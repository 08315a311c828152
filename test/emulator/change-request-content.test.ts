// The content of a change request (spec 2.14, 2.22, 4.7): a copy of the space's revision,
// changed by import; pages nest; files page; links are reported with their status.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pageLinks } from "../../src/emulator/content/links.ts";
import { CONTENT } from "./content-fixture.ts";
import { as, type Call, type Emulator, expectError, expectStatus, startEmulator, walk } from "./http.ts";

let emulator: Emulator;
let ada: Call;
let rita: Call;
const BASE = "/spaces/spc_docs/change-requests/cr_seed/content";

beforeEach(async () => {
  emulator = await startEmulator({ fixture: CONTENT });
  ada = as(emulator, "usr_ada");
  rita = as(emulator, "usr_rita");
});
afterEach(async () => {
  await emulator.close();
});

describe("reading content", () => {
  it("GET content answers the Revision with nested pages and files", async () => {
    const revision = expectStatus(await rita("GET", `${BASE}?metadata=false&computed=false`), 200);
    expect(revision).toMatchObject({
      object: "revision",
      parents: [expect.stringMatching(/^rev_/)],
      reusableContents: [],
    });
    expect(revision.pages.map((p: { id: string }) => p.id)).toEqual(["page_intro", "page_start"]);
    expect(revision.pages[1].pages[0]).toMatchObject({
      id: "page_setup",
      path: "getting-started/setup",
      slug: "setup",
    });
    expect(revision.files).toHaveLength(2);
    expectError(
      await rita("GET", `${BASE}?metadata=maybe`),
      400,
      'metadata: must be true or false, got "maybe"',
    );
  });

  it("GET pages (not paged) and GET page/{pageId}", async () => {
    const { pages } = expectStatus(await rita("GET", `${BASE}/pages`), 200);
    expect(pages).toHaveLength(2);
    const page = expectStatus(await rita("GET", `${BASE}/page/page_setup?format=markdown`), 200);
    expect(page).toMatchObject({
      id: "page_setup",
      title: "Setup",
      markdown: "Install it.",
      type: "document",
      pages: [],
    });
    expectError(
      await rita("GET", `${BASE}/page/page_x`),
      404,
      'page "page_x" not found in change request "cr_seed"',
    );
    expectError(
      await rita("GET", `${BASE}/page/page_setup?format=pdf`),
      400,
      "format: must be one of markdown, document",
    );
  });

  it("GET files pages; GET files/{fileId}; backlinks list the pages naming the file", async () => {
    const { items, pages } = await walk(rita, `${BASE}/files`, 1);
    expect(pages).toBe(2);
    expect(items.map((f: { id: string }) => f.id)).toEqual(["file_logo", "file_spec"]);
    expect(expectStatus(await rita("GET", `${BASE}/files/file_logo`), 200)).toEqual({
      id: "file_logo",
      name: "logo.png",
      contentType: "image/png",
      downloadURL: "https://acme.docs.example/~/files/spc_docs/file_logo/logo.png",
      size: 1200,
    });
    const backlinks = expectStatus(await rita("GET", `${BASE}/files/file_logo/backlinks`), 200);
    expect(backlinks.items.map((item: { page: { id: string } }) => item.page.id)).toEqual(["page_intro"]);
    expect(backlinks.items[0]).toMatchObject({
      kind: "page",
      organization: { object: "organization" },
      space: { object: "space" },
    });
    expectError(
      await rita("GET", `${BASE}/files/file_x`),
      404,
      'file "file_x" not found in change request "cr_seed"',
    );
  });

  it("GET page/{pageId}/links reports each link's status and the stats", async () => {
    const links = expectStatus(await rita("GET", `${BASE}/page/page_intro/links`), 200);
    expect(links.items.map((l: { status: string }) => l.status)).toEqual(["ok", "broken", "in-app", "ok"]);
    expect(links.stats).toEqual({ total: 4, broken: { total: 1, changeRequest: 1 } });
  });
});

describe("POST content/import", () => {
  it("adds a page in a new revision of the change request, not of the space", async () => {
    const space = expectStatus(await ada("GET", "/spaces/spc_docs"), 200);
    const answer = expectStatus(
      await ada("POST", `${BASE}/import`, {
        url: "https://example.com/guide/Release_Notes.html",
        source: "website",
      }),
      200,
    );
    expect(answer).toEqual({
      revision: expect.stringMatching(/^rev_/),
      importedResources: 1,
      totalResources: 1,
    });
    const { pages } = expectStatus(await rita("GET", `${BASE}/pages`), 200);
    expect(pages.map((p: { title: string }) => p.title)).toEqual([
      "Introduction",
      "Getting started",
      "Release Notes",
    ]);
    expect(expectStatus(await ada("GET", "/spaces/spc_docs/change-requests/cr_seed"), 200).revision).toBe(
      answer.revision,
    );
    expect(expectStatus(await ada("GET", "/spaces/spc_docs"), 200).revision).toBe(space.revision);
  });

  it("checks url and source (400) and the role (403)", async () => {
    expectError(await ada("POST", `${BASE}/import`, { source: "website" }), 400, "url: required");
    expectError(
      await ada("POST", `${BASE}/import`, { url: "ftp://x", source: "website" }),
      400,
      "url: must be an absolute http or https URL",
    );
    expect((await ada("POST", `${BASE}/import`, { url: "https://x.example", source: "fax" })).status).toBe(
      400,
    );
    expectError(
      await rita("POST", `${BASE}/import`, { url: "https://x.example", source: "website" }),
      403,
      'this needs the edit role on space "spc_docs"',
    );
  });
});

describe("pageLinks", () => {
  it("classifies links and skips images", () => {
    const paths = new Map([["a/b", "page_b"]]);
    expect(pageLinks("[x](/a/b#top) ![i](a/b) [y](c) [z](mailto:me@x.example)", paths)).toEqual([
      { target: "/a/b#top", status: "ok", pageId: "page_b" },
      { target: "c", status: "broken" },
      { target: "mailto:me@x.example", status: "ok" },
    ]);
  });
});
