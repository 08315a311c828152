// Comments and replies (spec 2.12, 3.4, 4.4, 4.5) on a space and on a change request.

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
const SPACE = "/spaces/spc_docs/comments";
const CR = "/spaces/spc_docs/change-requests/1/comments";

beforeEach(async () => {
  emulator = await startEmulator({ fixture: CONTENT });
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
  rita = as(emulator, "usr_rita");
});
afterEach(async () => {
  await emulator.close();
});

describe.each([
  ["space", SPACE],
  ["change request", CR],
])("comments on a %s", (_, base) => {
  it("posts a comment on a page (201) and reads it back", async () => {
    const posted = expectStatus(
      await eddie("POST", base, { page: "page_setup", node: "n1", body: { markdown: "Hi" } }),
      201,
    );
    expect(posted).toMatchObject({
      object: "comment",
      id: expect.stringMatching(/^comment_/),
      postedBy: { object: "user", id: "usr_eddie" },
      postedAt: anIso(),
      reactions: [],
      replies: 0,
      body: { markdown: "Hi" },
      target: {
        space: "spc_docs",
        page: { id: "page_setup", title: "Setup", path: "getting-started/setup", outdated: false },
        node: { id: "n1", preview: "" },
      },
      status: "open",
    });
    expect(posted.urls.location).toBe(`${emulator.url}/v1${base.replace("/1/", "/cr_seed/")}/${posted.id}`);
    expect(expectStatus(await rita("GET", `${base}/${posted.id}?format=markdown`), 200)).toEqual(posted);
    expect(
      expectStatus(await rita("GET", `${base}?targetPage=page_setup&order=asc`), 200).items.at(-1).id,
    ).toBe(posted.id);
  });

  it("answers 400 for a missing body or unknown page, 403 to a reader, 404 for an unknown comment", async () => {
    expectError(await eddie("POST", base, {}), 400, "body: required");
    expectError(
      await eddie("POST", base, { body: { markdown: "" } }),
      400,
      "body.markdown: must be 1 to 20000 characters, got 0",
    );
    expect((await eddie("POST", base, { page: "page_x", body: { markdown: "x" } })).status).toBe(400);
    expectError(
      await rita("POST", base, { body: { markdown: "x" } }),
      403,
      'this needs the comment role on space "spc_docs"',
    );
    expectError(await rita("GET", `${base}/comment_x`), 404, 'comment "comment_x" not found');
    expect((await withToken(emulator, null)("GET", base)).status).toBe(401);
  });

  it("resolves and reopens; the status filter follows", async () => {
    const id = expectStatus(await eddie("POST", base, { body: { markdown: "Check" } }), 201).id;
    const resolved = expectStatus(await ada("PUT", `${base}/${id}`, { resolved: true }), 200);
    expect(resolved).toMatchObject({
      status: "resolved",
      resolvedAt: anIso(),
      resolvedBy: { id: "usr_ada" },
    });
    const open = expectStatus(await ada("GET", `${base}?status=open`), 200).items.map(
      (c: { id: string }) => c.id,
    );
    expect(open).not.toContain(id);
    const reopened = expectStatus(await ada("PUT", `${base}/${id}`, { resolved: false }), 200);
    expect(reopened.status).toBe("open");
    expect(reopened).not.toHaveProperty("resolvedAt");
    expectError(await ada("GET", `${base}?status=closed`), 400, "status: must be one of all, open, resolved");
  });

  it("reactions are per user; only the author edits; the author or an admin deletes", async () => {
    const id = expectStatus(await eddie("POST", base, { body: { markdown: "Mine" } }), 201).id;
    expectStatus(await ada("PUT", `${base}/${id}`, { addedReactions: ["👍"] }), 200);
    const both = expectStatus(await eddie("PUT", `${base}/${id}`, { addedReactions: ["👍", "🎉"] }), 200);
    expect(both.reactions.map((r: { emoji: string; count: number }) => [r.emoji, r.count])).toEqual([
      ["👍", 2],
      ["🎉", 1],
    ]);
    const less = expectStatus(await eddie("PUT", `${base}/${id}`, { removedReactions: ["🎉"] }), 200);
    expect(less.reactions).toHaveLength(1);
    expectError(
      await ada("PUT", `${base}/${id}`, { body: { markdown: "Theirs" } }),
      403,
      `only its author may change the body of "${id}"`,
    );
    expect(
      expectStatus(await eddie("PUT", `${base}/${id}`, { body: { markdown: "Edited" } }), 200),
    ).toMatchObject({
      body: { markdown: "Edited" },
      editedAt: anIso(),
    });
    expectStatus(await ada("DELETE", `${base}/${id}`), 204);
    expectError(await ada("GET", `${base}/${id}`), 404, `comment "${id}" not found`);
  });

  it("replies: post, list (paged), get, edit, delete", async () => {
    const id = expectStatus(await eddie("POST", base, { body: { markdown: "Q" } }), 201).id;
    const first = expectStatus(await ada("POST", `${base}/${id}/replies`, { body: { markdown: "A1" } }), 201);
    expect(first).toEqual({
      object: "comment-reply",
      id: expect.stringMatching(/^reply_/),
      postedBy: expect.objectContaining({ id: "usr_ada" }),
      postedAt: anIso(),
      reactions: [],
      body: { markdown: "A1" },
      urls: { location: expect.stringContaining(`/comments/${id}/replies/`) },
    });
    expectStatus(await eddie("POST", `${base}/${id}/replies`, { body: { markdown: "A2" } }), 201);
    const { items, pages } = await walk(rita, `${base}/${id}/replies`, 1);
    expect(items.map((r: { body: { markdown: string } }) => r.body.markdown)).toEqual(["A1", "A2"]);
    expect(pages).toBe(2);
    expect(expectStatus(await rita("GET", `${base}/${id}`), 200).replies).toBe(2);
    expect(
      expectStatus(await ada("PUT", `${base}/${id}/replies/${first.id}`, { body: { markdown: "A1!" } }), 200)
        .body,
    ).toEqual({
      markdown: "A1!",
    });
    // Rita may comment once granted the role, but deletes only what she wrote.
    expectStatus(
      await ada("POST", "/spaces/spc_docs/permissions", { role: "comment", users: ["usr_rita"] }),
      204,
    );
    expectError(
      await rita("DELETE", `${base}/${id}/replies/${first.id}`),
      403,
      `only its author or an admin of space "spc_docs" may delete "${first.id}"`,
    );
    expectStatus(await ada("DELETE", `${base}/${id}/replies/${first.id}`), 204);
    expectError(
      await rita("GET", `${base}/${id}/replies/${first.id}`),
      404,
      `reply "${first.id}" not found in comment "${id}"`,
    );
  });
});

describe("differences", () => {
  it("a change request reply takes resolved, which resolves its comment; a space reply does not", async () => {
    const id = expectStatus(await ada("POST", CR, { body: { markdown: "Q" } }), 201).id;
    const reply = expectStatus(
      await ada("POST", `${CR}/${id}/replies?format=markdown`, { body: { markdown: "A" } }),
      201,
    );
    expectStatus(await ada("PUT", `${CR}/${id}/replies/${reply.id}`, { resolved: true }), 200);
    expect(expectStatus(await ada("GET", `${CR}/${id}`), 200).status).toBe("resolved");
    expectError(
      await ada("PUT", `${SPACE}/comment_done/replies/reply_seed`, { resolved: true }),
      400,
      "resolved: unknown field",
    );
  });

  it("space and change request comments are apart; counters follow open comments", async () => {
    const spaceIds = expectStatus(await rita("GET", SPACE), 200).items.map((c: { id: string }) => c.id);
    expect(spaceIds).toEqual(["comment_done", "comment_seed"]);
    expectError(await rita("GET", `${SPACE}/comment_cr`), 404, 'comment "comment_cr" not found');
    expectStatus(await ada("PUT", `${SPACE}/comment_seed`, { resolved: true }), 200);
    expect(expectStatus(await ada("GET", "/spaces/spc_docs"), 200).comments).toBe(0);
  });
});
