import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.ts";
import { walkPages } from "../../src/api/pagination.ts";

function pages(...bodies: unknown[]) {
  const cursors: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    cursors.push(cursor);
    return { status: 200, body: bodies[cursors.length - 1] };
  };
  return { cursors, fetchPage };
}

describe("walking pages", () => {
  it("follows the cursor, one fetch per page", async () => {
    const { cursors, fetchPage } = pages(
      { items: [1, 2], next: { page: "p2" } },
      { items: [3], next: { page: "p3" } },
      { items: [4] },
    );
    expect(await walkPages("/x", fetchPage)).toEqual([1, 2, 3, 4]);
    expect(cursors).toEqual([undefined, "p2", "p3"]);
  });
  it.each([[{}], [null], [{ page: "" }], [{ page: null }], [undefined]])(
    "stops when next is %j",
    async (next) => {
      const { cursors, fetchPage } = pages({ items: [1], next });
      expect(await walkPages("/x", fetchPage)).toEqual([1]);
      expect(cursors).toHaveLength(1);
    },
  );
  it("rejects a response without items, naming the path", async () => {
    const { fetchPage } = pages({ data: [] });
    const error = await walkPages("/orgs/o/teams", fetchPage).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ path: "/orgs/o/teams", status: 200 });
    expect(String(error)).toContain('GET /orgs/o/teams returned a response without an "items" array');
  });
  it("stops on a cursor that repeats", async () => {
    const { fetchPage } = pages({ items: [1], next: { page: "a" } }, { items: [2], next: { page: "a" } });
    await expect(walkPages("/x", fetchPage)).rejects.toBeInstanceOf(ApiError);
  });
});
