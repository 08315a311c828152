// Change requests (spec 2.13, 3.3, 4.6): statuses, merge and update from main, and the space's
// counters.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONTENT } from "./content-fixture.ts";
import {
  anIso,
  as,
  type Call,
  type Emulator,
  expectError,
  expectStatus,
  startEmulator,
  walk,
  withToken,
} from "./http.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
let rita: Call;
const CRS = "/spaces/spc_docs/change-requests";

beforeEach(async () => {
  emulator = await startEmulator({ fixture: CONTENT });
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
  rita = as(emulator, "usr_rita");
});
afterEach(async () => {
  await emulator.close();
});

describe("creating and reading", () => {
  it("creates a draft from the space's revision (201) and finds it by id or number", async () => {
    const space = expectStatus(await ada("GET", "/spaces/spc_docs"), 200);
    const created = expectStatus(await eddie("POST", CRS, { subject: "Fix typos" }), 201);
    expect(created).toEqual({
      object: "change-request",
      id: "cr_0001",
      number: 2,
      status: "draft",
      subject: "Fix typos",
      createdBy: expect.objectContaining({ object: "user", id: "usr_eddie" }),
      createdAt: anIso(),
      updatedAt: anIso(),
      revision: expect.stringMatching(/^rev_/),
      revisionInitial: space.revision,
      comments: 0,
      outdated: false,
      urls: {
        app: "https://app.docs.example/s/spc_docs/~/changes/2",
        location: `${emulator.url}/v1${CRS}/cr_0001`,
      },
    });
    expect(created.revision).not.toBe(space.revision);
    expect(expectStatus(await rita("GET", `${CRS}/2`), 200).id).toBe("cr_0001");
    expect(expectStatus(await rita("GET", `${CRS}/cr_0001`), 200).number).toBe(2);
  });

  it("answers 400 for a long subject, 403 to a reader, 404 for an unknown one, 401 without a token", async () => {
    expectError(
      await eddie("POST", CRS, { subject: "x".repeat(101) }),
      400,
      "subject: must be at most 100 characters, got 101",
    );
    expectError(await rita("POST", CRS, {}), 403, 'this needs the edit role on space "spc_docs"');
    expectError(
      await ada("GET", `${CRS}/cr_nope`),
      404,
      'change request "cr_nope" not found in space "spc_docs"',
    );
    expectError(await ada("GET", "/spaces/spc_globex/change-requests"), 404, 'space "spc_globex" not found');
    expect((await withToken(emulator, null)("GET", CRS)).status).toBe(401);
  });

  it("lists open ones by default; filters by status and contributor; pages", async () => {
    for (let i = 0; i < 3; i++) expectStatus(await ada("POST", CRS, { subject: `Draft ${i}` }), 201);
    expect(expectStatus(await ada("GET", CRS), 200).items.map((cr: { id: string }) => cr.id)).toEqual([
      "cr_seed",
    ]);
    const drafts = await walk(ada, `${CRS}?status=draft`, 2);
    expect(drafts.items).toHaveLength(3);
    expect(drafts.pages).toBe(2);
    expect(expectStatus(await ada("GET", `${CRS}?status=open&contributor=usr_ada`), 200).count).toBe(0);
    expectError(
      await ada("GET", `${CRS}?status=closed`),
      400,
      "status: must be one of draft, open, archived, merged",
    );
  });

  it("counts change requests and open comments on the space", async () => {
    expectStatus(await ada("POST", CRS, {}), 201);
    expect(expectStatus(await ada("GET", "/spaces/spc_docs"), 200)).toMatchObject({
      comments: 1,
      changeRequests: 2,
      changeRequestsOpen: 1,
      changeRequestsDraft: 1,
    });
    expect(expectStatus(await ada("GET", `${CRS}/cr_seed`), 200).comments).toBe(1);
  });
});

describe("status", () => {
  it("moves between draft, open and archived; merged only by merging; a merged one is final", async () => {
    const id = expectStatus(await ada("POST", CRS, {}), 201).id;
    expect(
      expectStatus(await ada("PATCH", `${CRS}/${id}`, { status: "open", subject: "Ready" }), 200),
    ).toMatchObject({
      status: "open",
      subject: "Ready",
    });
    expect(expectStatus(await ada("PATCH", `${CRS}/${id}`, { status: "archived" }), 200).status).toBe(
      "archived",
    );
    expectError(
      await ada("POST", `${CRS}/${id}/merge`),
      409,
      `change request "${id}" is archived; only a draft or open change request changes`,
    );
    expectStatus(await ada("PATCH", `${CRS}/${id}`, { status: "draft" }), 200);
    expectError(
      await ada("PATCH", `${CRS}/${id}`, { status: "merged" }),
      400,
      `status: a change request becomes merged through POST .../change-requests/${id}/merge`,
    );
    expectStatus(await ada("POST", `${CRS}/${id}/merge`), 200);
    expectError(
      await ada("PATCH", `${CRS}/${id}`, { subject: "Again" }),
      409,
      `change request "${id}" is merged and can no longer change`,
    );
  });
});

describe("merge and update from main", () => {
  it("a merge makes a new space revision with the change request's content", async () => {
    const before = expectStatus(await ada("GET", "/spaces/spc_docs"), 200).revision;
    expectStatus(
      await eddie("POST", `${CRS}/cr_seed/content/import`, {
        url: "https://example.com/docs/release-notes",
        source: "website",
      }),
      200,
    );
    const merged = expectStatus(await eddie("POST", `${CRS}/cr_seed/merge`), 200);
    expect(merged).toEqual({ revision: expect.stringMatching(/^rev_/), result: "merge" });
    const space = expectStatus(await ada("GET", "/spaces/spc_docs"), 200);
    expect(space.revision).toBe(merged.revision);
    expect(space.revision).not.toBe(before);
    expect(expectStatus(await ada("GET", `${CRS}/cr_seed`), 200)).toMatchObject({
      status: "merged",
      revisionMerged: merged.revision,
      outdated: false,
    });
    expectError(
      await rita("POST", `${CRS}/cr_seed/merge`),
      403,
      'this needs the edit role on space "spc_docs"',
    );
  });

  it("a change request falls behind main; merging it is 409 until it is updated", async () => {
    const other = expectStatus(await ada("POST", CRS, {}), 201).id;
    expectStatus(await ada("POST", `${CRS}/cr_seed/merge`), 200);
    const behind = expectStatus(await ada("GET", `${CRS}/${other}`), 200);
    expect(behind.outdated).toBe(true);
    expectError(
      await ada("POST", `${CRS}/${other}/merge`),
      409,
      `change request "${other}" is outdated: the space has changed since; update it from main first`,
    );
    const updated = expectStatus(await ada("POST", `${CRS}/${other}/update`), 200);
    expect(updated).toEqual({ revision: expect.stringMatching(/^rev_/), result: "update" });
    const space = expectStatus(await ada("GET", "/spaces/spc_docs"), 200);
    expect(expectStatus(await ada("GET", `${CRS}/${other}`), 200)).toMatchObject({
      outdated: false,
      revision: updated.revision,
      revisionMergedAncestor: space.revision,
    });
    expectStatus(await ada("POST", `${CRS}/${other}/merge`), 200);
  });
});

describe("GET .../pdf", () => {
  it("answers a URL; checks only and page", async () => {
    expect(expectStatus(await rita("GET", `${CRS}/cr_seed/pdf?only=true&page=page_setup`), 200)).toEqual({
      url: "https://app.docs.example/s/spc_docs/~/changes/1/pdf?page=page_setup&only=true",
    });
    expectError(await rita("GET", `${CRS}/cr_seed/pdf?only=true`), 400, "page: required when only is true");
    expectError(
      await rita("GET", `${CRS}/cr_seed/pdf?page=page_x`),
      400,
      'page: page "page_x" not found in change request "cr_seed"',
    );
  });
});
