// Every listing that organization, access and space settings read pages the same way: with
// `limit=1`, one read per item, `count` the size of the whole listing on every page, `next` on
// every page but the last, and no item twice. And the write answers give what a client keeps:
// the id of what it created, or 204 where the spec says so.

import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type Call, type Emulator, expectStatus, startEmulator } from "./http.ts";
import { writeSettingsFixture } from "./settings-fixture.ts";

let emulator: Emulator;
let ops: Call;
const ORG = "/orgs/org_initech";

/** An emulator of the settings fixture with two custom fields, and its operator's calls. */
async function settingsEmulator(): Promise<[Emulator, Call]> {
  const dir = await mkdtemp(join(tmpdir(), "docsync-lists-"));
  const started = await startEmulator({ fixture: await writeSettingsFixture(dir) });
  const operator = as(started, "usr_ops");
  for (const name of ["audience", "owner"]) {
    expectStatus(await operator("POST", `${ORG}/custom-fields`, { name, type: "text" }), 201);
  }
  return [started, operator];
}

beforeAll(async () => {
  [emulator, ops] = await settingsEmulator();
});
afterAll(async () => {
  await emulator.close();
});

/** Listings and how many items each has in the settings fixture. */
const listings: [path: string, count: number][] = [
  ["/orgs", 2],
  [`${ORG}/collections`, 2],
  [`${ORG}/collections?nested=false`, 1],
  ["/collections/col_product/spaces", 2],
  ["/spaces/spc_guide/permissions/users", 2],
  ["/spaces/spc_guide/permissions/teams", 2],
  ["/spaces/spc_guide/permissions/aggregate", 4],
  [`${ORG}/custom-fields`, 2],
  [`${ORG}/search?query=e`, 3],
  [`${ORG}/members`, 4],
  [`${ORG}/members/usr_gil/spaces`, 1],
  [`${ORG}/members/usr_tom/spaces`, 4],
  [`${ORG}/members/usr_pam/teams`, 1],
  [`${ORG}/teams`, 2],
  [`${ORG}/openapi`, 2],
  [`${ORG}/translations`, 2],
];

/** The identity of a listed item, whatever its shape. */
const identity = (item: Record<string, { id?: string } | string>): string =>
  JSON.stringify([
    item.id,
    (item.user as { id?: string })?.id,
    (item.team as { id?: string })?.id,
    (item.space as { id?: string })?.id,
  ]);

describe.each(listings)("GET %s", (path, count) => {
  it(`pages one item per read with limit=1 (${count} items)`, async () => {
    const seen = new Set<string>();
    let page: string | undefined;
    let reads = 0;
    do {
      const separator = path.includes("?") ? "&" : "?";
      const cursor = page === undefined ? "" : `&page=${encodeURIComponent(page)}`;
      const body = expectStatus(await ops("GET", `${path}${separator}limit=1${cursor}`), 200);
      reads += 1;
      expect(body.count).toBe(count);
      expect(body.items).toHaveLength(1);
      seen.add(identity(body.items[0]));
      page = body.next?.page;
      expect(page === undefined).toBe(reads === count);
    } while (page !== undefined);
    expect(reads).toBe(count);
    expect(seen.size).toBe(count);
  });
});

describe("write answers", () => {
  // An emulator of their own: what they write must not change the listings' counts, whichever
  // order the tests run in.
  let writer: Emulator;
  let writes: Call;
  beforeAll(async () => {
    [writer, writes] = await settingsEmulator();
  });
  afterAll(async () => {
    await writer.close();
  });

  it("creates answer 201 with the id a client keeps", async () => {
    const collection = expectStatus(
      await writes("POST", `${ORG}/collections`, { title: "Guides", parent: "col_product" }),
      201,
    );
    expect(collection).toMatchObject({
      object: "collection",
      id: expect.stringMatching(/^col_/),
      parent: "col_product",
    });
    const team = expectStatus(
      await writes("PUT", `${ORG}/teams`, { title: "Ops", members: ["usr_pam"] }),
      201,
    );
    expect(team).toMatchObject({ object: "team", id: expect.stringMatching(/^team_/), members: 1 });
    const spec = expectStatus(
      await writes("POST", `${ORG}/openapi`, { slug: "orders", source: { text: "openapi: 3.1.0" } }),
      201,
    );
    expect(spec).toMatchObject({
      object: "openapi-spec",
      id: expect.stringMatching(/^oas_/),
      slug: "orders",
    });
    const settings = expectStatus(await writes("POST", `${ORG}/translations`, { title: "Spanish" }), 201);
    expect(settings).toMatchObject({ object: "translation-settings", id: expect.stringMatching(/^trs_/) });
  });

  it("grants and space custom field values answer 204 with no body", async () => {
    for (const [method, path, body] of [
      ["POST", "/spaces/spc_notes/permissions", { role: "edit", teams: ["team_docs"], users: ["usr_tom"] }],
      ["PATCH", "/spaces/spc_notes/permissions/users/usr_tom", { role: "review" }],
      ["PATCH", "/spaces/spc_notes/permissions/teams/team_docs", { role: "comment" }],
      ["PATCH", "/spaces/spc_notes/custom-fields", { values: { audience: { value: "developers" } } }],
      ["DELETE", "/spaces/spc_notes/permissions/users/usr_tom", undefined],
      ["DELETE", "/spaces/spc_notes/permissions/teams/team_docs", undefined],
    ] as const) {
      const answer = await writes(method, path, body);
      expect([answer.status, answer.text], `${method} ${path}`).toEqual([204, ""]);
    }
  });

  it("updates answer the whole resource", async () => {
    expect(
      expectStatus(await writes("PATCH", `${ORG}/members/usr_tom`, { role: "comment" }), 200),
    ).toMatchObject({
      object: "member",
      id: "usr_tom",
      role: "comment",
    });
    expect(
      expectStatus(
        await writes("PATCH", ORG, { sso: false, ai: false, inviteLinks: true, defaultRole: null }),
        200,
      ),
    ).toMatchObject({ object: "organization", sso: false, ai: false, inviteLinks: true, defaultRole: null });
    expect(
      expectStatus(
        await writes("PATCH", "/spaces/spc_notes", { editMode: "locked", defaultLevel: "comment" }),
        200,
      ),
    ).toMatchObject({ object: "space", editMode: "locked", defaultLevel: "comment" });
    expect(
      expectStatus(await writes("POST", "/spaces/spc_notes/move", { parent: "col_api" }), 200),
    ).toMatchObject({ object: "space", id: "spc_notes", parent: "col_api" });
    expect(
      expectStatus(
        await writes("PATCH", "/collections/col_api", { description: "Reference", defaultLevel: "edit" }),
        200,
      ),
    ).toMatchObject({ object: "collection", description: "Reference", defaultLevel: "edit" });
  });
});
