// Spaces (spec 4.2 and 3.1): reading and editing, the delete/restore lifecycle with its 7-day
// window, duplication, moves, transfers and links.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  anIso,
  as,
  type Call,
  type Emulator,
  expectError,
  expectStatus,
  startEmulator,
  withToken,
} from "./http.ts";
import { TWO_ORGS } from "./two-orgs.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
const DAY_MS = 24 * 60 * 60 * 1000;
const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

afterEach(async () => {
  await emulator.close();
});

describe("in the default fixture", () => {
  beforeEach(async () => {
    emulator = await startEmulator();
    ada = as(emulator, "usr_ada");
    eddie = as(emulator, "usr_eddie");
  });

  it("answers a space with urls, counters and the caller's permissions", async () => {
    expect(expectStatus(await ada("GET", "/spaces/spc_api_v1"), 200)).toEqual({
      object: "space",
      id: "spc_api_v1",
      title: "API v1",
      emoji: "🔌",
      visibility: "public",
      createdAt: anIso(),
      updatedAt: anIso(),
      editMode: "live",
      urls: {
        location: `${emulator.url}/v1/spaces/spc_api_v1`,
        app: "https://app.docs.example/s/spc_api_v1",
        published: "https://acme.docs.example/spc_api_v1",
        public: "https://acme.docs.example/spc_api_v1",
        icon: "https://app.docs.example/s/spc_api_v1/icon.png",
      },
      organization: "org_acme",
      parent: "col_docs",
      revision: expect.stringMatching(/^rev_/),
      defaultLevel: "read",
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      mergeRules: { type: "inherit" },
      permissions: {
        view: true,
        access: true,
        admin: true,
        viewInviteLinks: true,
        edit: true,
        triggerGitSync: true,
        comment: true,
        merge: true,
        review: true,
        installIntegration: true,
      },
    });
    const asReader = expectStatus(await as(emulator, "usr_rita")("GET", "/spaces/spc_api_v1"), 200);
    expect(asReader.permissions).toMatchObject({
      admin: false,
      edit: false,
      merge: false,
      view: true,
      installIntegration: false,
    });
  });

  it("answers 404 for a space of another organization and 401 without a token", async () => {
    expectError(await ada("GET", "/spaces/spc_globex"), 404, 'space "spc_globex" not found');
    expect((await withToken(emulator, null)("GET", "/spaces/spc_handbook")).status).toBe(401);
  });

  it("edits title, emoji, edit mode and default level", async () => {
    const before = expectStatus(await ada("GET", "/spaces/spc_sdk"), 200);
    const body = { title: "SDKs", emoji: "🧪", editMode: "locked", defaultLevel: "comment" };
    const after = expectStatus(await ada("PATCH", "/spaces/spc_sdk", body), 200);
    expect(after).toMatchObject(body);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(expectStatus(await ada("PATCH", "/spaces/spc_sdk", { editMode: "live" }), 200).editMode).toBe(
      "live",
    );
  });

  it("answers 400 for bad edits and 403 for a non-admin", async () => {
    expectError(
      await ada("PATCH", "/spaces/spc_sdk", { editMode: "frozen" }),
      400,
      "editMode: must be one of live, locked",
    );
    expectError(
      await ada("PATCH", "/spaces/spc_sdk", { title: "x".repeat(51) }),
      400,
      "title: must be 1 to 50 characters, got 51",
    );
    expectError(
      await ada("PATCH", "/spaces/spc_sdk", { visibility: "public" }),
      400,
      "visibility: unknown field",
    );
    expectError(
      await eddie("PATCH", "/spaces/spc_sdk", { title: "Mine" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });

  it("answers links with stats: the emulator holds no content, so none", async () => {
    expect(expectStatus(await eddie("GET", "/spaces/spc_sdk/links?status=broken"), 200)).toEqual({
      items: [],
      count: 0,
      stats: { total: 0, broken: { total: 0, changeRequest: 0 } },
    });
    expectError(
      await ada("GET", "/spaces/spc_sdk/links?status=dead"),
      400,
      "status: must be one of ok, broken, in-app",
    );
  });

  describe("deleting and restoring", () => {
    it("keeps answering a deleted space with deletedAt, and refuses changes to it", async () => {
      const answer = await ada("DELETE", "/spaces/spc_sdk");
      expect(answer.status).toBe(204);
      expect(answer.text).toBe("");
      const deleted = expectStatus(await ada("GET", "/spaces/spc_sdk"), 200);
      expect(deleted.deletedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expectError(
        await ada("PATCH", "/spaces/spc_sdk", { title: "x" }),
        400,
        'space "spc_sdk" is deleted; restore it first',
      );
      expectError(
        await ada("POST", "/spaces/spc_sdk/duplicate"),
        400,
        'space "spc_sdk" is deleted; restore it first',
      );
      // A second delete changes nothing: the window runs from the first.
      expect((await ada("DELETE", "/spaces/spc_sdk")).status).toBe(204);
      expect(expectStatus(await ada("GET", "/spaces/spc_sdk"), 200).deletedAt).toBe(deleted.deletedAt);
    });

    it("restores within 7 days", async () => {
      await ada("DELETE", "/spaces/spc_sdk");
      emulator.advanceClock(7 * DAY_MS - 60_000);
      const restored = expectStatus(await ada("POST", "/spaces/spc_sdk/restore"), 200);
      expect(restored.id).toBe("spc_sdk");
      expect("deletedAt" in restored).toBe(false);
    });

    it("is gone after 7 days", async () => {
      await ada("DELETE", "/spaces/spc_sdk");
      emulator.advanceClock(7 * DAY_MS);
      expectError(await ada("GET", "/spaces/spc_sdk"), 404, 'space "spc_sdk" not found');
      expectError(await ada("POST", "/spaces/spc_sdk/restore"), 404, 'space "spc_sdk" not found');
    });

    it("answers 400 when restoring a space that is not deleted, 403 for a non-admin", async () => {
      expectError(await ada("POST", "/spaces/spc_sdk/restore"), 400, 'space "spc_sdk" is not deleted');
      expectError(
        await eddie("DELETE", "/spaces/spc_sdk"),
        403,
        'changing organization "org_acme" needs the admin role',
      );
    });

    it("restores a space to its former place", async () => {
      await ada("DELETE", "/spaces/spc_api_v1");
      await ada("POST", "/spaces/spc_api_v1/restore");
      expect(ids(expectStatus(await ada("GET", "/collections/col_docs/spaces"), 200))).toEqual([
        "spc_guides",
        "spc_api_v1",
        "spc_api_v2",
      ]);
    });
  });

  it("duplicates a space next to the original, with its custom field values (201)", async () => {
    await ada("POST", "/orgs/org_acme/custom-fields", { name: "owner", type: "text" });
    await ada("PATCH", "/spaces/spc_api_v1/custom-fields", { values: { owner: { value: "Platform" } } });
    const copy = expectStatus(await ada("POST", "/spaces/spc_api_v1/duplicate"), 201);
    expect(copy).toMatchObject({
      object: "space",
      id: "spc_0001",
      title: "API v1 (copy)",
      parent: "col_docs",
    });
    expect(ids(expectStatus(await ada("GET", "/collections/col_docs/spaces"), 200))).toEqual([
      "spc_guides",
      "spc_api_v1",
      "spc_0001",
      "spc_api_v2",
    ]);
    const values = expectStatus(await ada("GET", "/spaces/spc_0001/custom-fields"), 200);
    expect(
      values.map((entry: { customField: { name: string }; value: unknown }) => [
        entry.customField.name,
        entry.value,
      ]),
    ).toEqual([["owner", "Platform"]]);
  });

  it("moves a space into a collection and within it", async () => {
    const moved = expectStatus(
      await ada("POST", "/spaces/spc_handbook/move", {
        parent: "col_docs",
        position: { before: { type: "space", space: "spc_guides" } },
      }),
      200,
    );
    expect(moved.parent).toBe("col_docs");
    expectStatus(
      await ada("POST", "/spaces/spc_api_v2/move", {
        position: { after: { type: "space", space: "spc_handbook" } },
      }),
      200,
    );
    expect(ids(expectStatus(await ada("GET", "/collections/col_docs/spaces"), 200))).toEqual([
      "spc_handbook",
      "spc_api_v2",
      "spc_guides",
      "spc_api_v1",
    ]);
    const out = expectStatus(await ada("POST", "/spaces/spc_handbook/move", { parent: null }), 200);
    expect("parent" in out).toBe(false);
  });

  it("answers 400 for a move that cannot be made", async () => {
    expectError(
      await ada("POST", "/spaces/spc_guides/move", { parent: null }),
      400,
      'parent: space "spc_guides" has visibility in-collection and must stay in a collection',
    );
    expectError(
      await ada("POST", "/spaces/spc_handbook/move", { parent: "col_globex" }),
      400,
      'parent: collection "col_globex" not found in organization "org_acme"',
    );
    expectError(
      await ada("POST", "/spaces/spc_handbook/move", {
        position: { before: { type: "space", space: "spc_guides" } },
      }),
      400,
      `position: space "spc_guides" is not an item of the organization's root`,
    );
  });

  it("answers 404 for a transfer to an organization the caller does not belong to", async () => {
    expectError(
      await ada("POST", "/spaces/spc_handbook/transfer", { organization: "org_globex" }),
      404,
      'organization "org_globex" not found',
    );
  });
});

describe("between two organizations", () => {
  beforeEach(async () => {
    emulator = await startEmulator({ fixture: TWO_ORGS });
    ada = as(emulator, "usr_ada");
  });

  it("transfers a space to the root of another organization, leaving its custom field values", async () => {
    await ada("POST", "/orgs/org_one/custom-fields", { name: "owner", type: "text" });
    await ada("PATCH", "/spaces/spc_b/custom-fields", { values: { owner: { value: "Docs" } } });
    const moved = expectStatus(await ada("POST", "/spaces/spc_b/transfer", { organization: "org_two" }), 200);
    expect(moved.organization).toBe("org_two");
    expect("parent" in moved).toBe(false);
    expect(expectStatus(await ada("GET", "/spaces/spc_b/custom-fields"), 200)).toEqual([]);
    expect(ids(expectStatus(await ada("GET", "/collections/col_top/spaces"), 200))).toEqual([]);
  });

  it("answers 400 for its own organization or an in-collection space, 403 for a non-admin", async () => {
    expectError(
      await ada("POST", "/spaces/spc_root/transfer", { organization: "org_one" }),
      400,
      'organization: space "spc_root" is already in organization "org_one"',
    );
    expectError(
      await ada("POST", "/spaces/spc_a/transfer", { organization: "org_two" }),
      400,
      'space "spc_a" has visibility in-collection and cannot leave its collection',
    );
    expectError(
      await as(emulator, "usr_otto")("POST", "/spaces/spc_root/transfer", { organization: "org_two" }),
      403,
      'changing organization "org_one" needs the admin role',
    );
  });
});
