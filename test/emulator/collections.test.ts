// Collections (spec 4.1): reading, creating, changing, moving, transferring and deleting them.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { as, type Call, type Emulator, expectError, expectStatus, startEmulator, withToken } from "./http.ts";
import { TWO_ORGS } from "./two-orgs.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
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

  it("answers a collection with its urls and the caller's permissions", async () => {
    expect(expectStatus(await ada("GET", "/collections/col_docs"), 200)).toEqual({
      object: "collection",
      id: "col_docs",
      title: "Documentation",
      organization: "org_acme",
      defaultLevel: "read",
      urls: {
        location: `${emulator.url}/v1/collections/col_docs`,
        app: "https://app.docs.example/c/col_docs",
      },
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
    expect(expectStatus(await eddie("GET", "/collections/col_docs"), 200).permissions).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: false,
    });
  });

  it("answers 404 for a collection of another organization, 401 without a token", async () => {
    expectError(await ada("GET", "/collections/col_globex"), 404, 'collection "col_globex" not found');
    expectError(await ada("GET", "/collections/col_nope/spaces"), 404, 'collection "col_nope" not found');
    expect((await withToken(emulator, null)("GET", "/collections/col_docs")).status).toBe(401);
  });

  it("lists the live spaces of a collection in order", async () => {
    expect(ids(expectStatus(await ada("GET", "/collections/col_docs/spaces"), 200))).toEqual([
      "spc_guides",
      "spc_api_v1",
      "spc_api_v2",
    ]);
    await ada("DELETE", "/spaces/spc_api_v1");
    const page = expectStatus(await ada("GET", "/collections/col_docs/spaces"), 200);
    expect(ids(page)).toEqual(["spc_guides", "spc_api_v2"]);
    expect(page.count).toBe(2);
  });

  it("creates collections (201), nested ones inheriting the parent's default level", async () => {
    await ada("PATCH", "/collections/col_docs", { defaultLevel: "comment" });
    const child = expectStatus(
      await ada("POST", "/orgs/org_acme/collections", { title: "Guides", parent: "col_docs" }),
      201,
    );
    expect(child).toMatchObject({
      object: "collection",
      id: "col_0001",
      parent: "col_docs",
      defaultLevel: "comment",
    });
    const untitled = expectStatus(await ada("POST", "/orgs/org_acme/collections"), 201);
    expect(untitled).toMatchObject({ title: "Untitled", defaultLevel: "read" });
    expect("parent" in untitled).toBe(false);
    expect(ids(expectStatus(await ada("GET", "/orgs/org_acme/collections"), 200))).toEqual([
      "col_docs",
      "col_0001",
      "col_0002",
    ]);
    expect(ids(expectStatus(await ada("GET", "/orgs/org_acme/collections?nested=false"), 200))).toEqual([
      "col_docs",
      "col_0002",
    ]);
  });

  it("answers 400 for a bad create", async () => {
    expectError(
      await ada("POST", "/orgs/org_acme/collections", { parent: "col_globex" }),
      400,
      'parent: collection "col_globex" not found in organization "org_acme"',
    );
    expectError(
      await ada("POST", "/orgs/org_acme/collections", { title: "x".repeat(51) }),
      400,
      "title: must be 1 to 50 characters, got 51",
    );
    expectError(
      await ada("GET", "/orgs/org_acme/collections?nested=maybe"),
      400,
      'nested: must be true or false, got "maybe"',
    );
  });

  it("answers 403 to a non-admin", async () => {
    expectError(
      await eddie("POST", "/orgs/org_acme/collections", { title: "Mine" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(
      await eddie("PATCH", "/collections/col_docs", { title: "Mine" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });

  it("changes title, description and default level; null removes the description", async () => {
    const changed = expectStatus(
      await ada("PATCH", "/collections/col_docs", {
        title: "Docs",
        description: "All docs",
        defaultLevel: "edit",
      }),
      200,
    );
    expect(changed).toMatchObject({ title: "Docs", description: "All docs", defaultLevel: "edit" });
    const cleared = expectStatus(await ada("PATCH", "/collections/col_docs", { description: null }), 200);
    expect("description" in cleared).toBe(false);
    expectError(
      await ada("PATCH", "/collections/col_docs", { description: "x".repeat(101) }),
      400,
      "description: must be at most 100 characters, got 101",
    );
    expectError(await ada("PATCH", "/collections/col_docs", { parent: null }), 400, "parent: unknown field");
  });

  it("moves a collection; never into itself", async () => {
    const child = expectStatus(
      await ada("POST", "/orgs/org_acme/collections", { title: "Child", parent: "col_docs" }),
      201,
    );
    expectError(
      await ada("POST", "/collections/col_docs/move", { parent: child.id }),
      400,
      `parent: collection "${child.id}" is the moved collection or inside it`,
    );
    expectError(
      await ada("POST", "/collections/col_docs/move", { parent: "col_docs" }),
      400,
      'parent: collection "col_docs" is the moved collection or inside it',
    );
    const moved = expectStatus(await ada("POST", `/collections/${child.id}/move`, { parent: null }), 200);
    expect("parent" in moved).toBe(false);
    const placed = expectStatus(
      await ada("POST", `/collections/${child.id}/move`, {
        position: { before: { type: "collection", collection: "col_docs" } },
      }),
      200,
    );
    expect(placed.id).toBe(child.id);
    expect(ids(expectStatus(await ada("GET", "/orgs/org_acme/collections"), 200))).toEqual([
      child.id,
      "col_docs",
    ]);
  });

  it("answers 400 for a position that is not beside a sibling", async () => {
    expectError(
      await ada("POST", "/collections/col_docs/move", {
        position: { after: { type: "space", space: "spc_guides" } },
      }),
      400,
      `position: space "spc_guides" is not an item of the organization's root`,
    );
    expectError(
      await ada("POST", "/collections/col_docs/move", {
        position: {
          before: { type: "space", space: "spc_handbook" },
          after: { type: "space", space: "spc_sdk" },
        },
      }),
      400,
      "position: must have exactly one of before, after",
    );
    expectError(
      await ada("POST", "/collections/col_docs/move", { position: { before: { type: "page", page: "x" } } }),
      400,
      "position.before.type: must be one of space, collection",
    );
  });

  it("answers 404 for a transfer to an organization the caller does not belong to", async () => {
    expectError(
      await ada("POST", "/collections/col_docs/transfer", { organization: "org_globex" }),
      404,
      'organization "org_globex" not found',
    );
    expectError(await ada("POST", "/collections/col_docs/transfer", {}), 400, "organization: required");
  });

  it("deletes a collection (204) and sends its spaces to the 7-day trash", async () => {
    const answer = await ada("DELETE", "/collections/col_docs");
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expectError(await ada("GET", "/collections/col_docs"), 404, 'collection "col_docs" not found');
    const guides = expectStatus(await ada("GET", "/spaces/spc_guides"), 200);
    expect(guides.deletedAt).toEqual(expect.any(String));
    // Restored without its collection, an in-collection space returns to the root as private.
    const restored = expectStatus(await ada("POST", "/spaces/spc_guides/restore"), 200);
    expect(restored.visibility).toBe("private");
    expect("parent" in restored).toBe(false);
  });
});

describe("between two organizations", () => {
  beforeEach(async () => {
    emulator = await startEmulator({ fixture: TWO_ORGS });
    ada = as(emulator, "usr_ada");
  });

  it("transfers a collection with everything inside it", async () => {
    const moved = expectStatus(
      await ada("POST", "/collections/col_top/transfer", { organization: "org_two" }),
      200,
    );
    expect(moved).toMatchObject({ id: "col_top", organization: "org_two" });
    expect(expectStatus(await ada("GET", "/collections/col_inner"), 200)).toMatchObject({
      organization: "org_two",
      parent: "col_top",
    });
    expect(expectStatus(await ada("GET", "/spaces/spc_a"), 200).organization).toBe("org_two");
    expect(ids(expectStatus(await ada("GET", "/orgs/org_two/collections"), 200))).toEqual([
      "col_top",
      "col_inner",
    ]);
    expect(ids(expectStatus(await ada("GET", "/orgs/org_one/collections"), 200))).toEqual([]);
  });

  it("answers 400 for a transfer to its own organization and 403 for a non-admin", async () => {
    expectError(
      await ada("POST", "/collections/col_top/transfer", { organization: "org_one" }),
      400,
      'organization: collection "col_top" is already in organization "org_one"',
    );
    expectError(
      await as(emulator, "usr_otto")("POST", "/collections/col_top/transfer", { organization: "org_two" }),
      403,
      'changing organization "org_one" needs the admin role',
    );
  });
});
