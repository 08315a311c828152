// The list envelope: opaque cursors, the default page size of 20, `limit` up to 1000.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type Call, type Emulator, expectError, expectStatus, startEmulator, walk } from "./http.ts";

let emulator: Emulator;
let ada: Call;
const TEAMS = "/orgs/org_acme/teams";

beforeAll(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  // 2 fixture teams + 45 = 47 teams.
  for (let i = 0; i < 45; i++) expectStatus(await ada("PUT", TEAMS, { title: `Team ${i}` }), 201);
});
afterAll(async () => {
  await emulator.close();
});

describe("pagination", () => {
  it("pages by 20 without a limit, with `next` on every page but the last", async () => {
    const first = expectStatus(await ada("GET", TEAMS), 200);
    expect(first.items).toHaveLength(20);
    expect(first.count).toBe(47);
    expect(first.next).toEqual({ page: expect.any(String) });
    const { items, pages } = await walk(ada, TEAMS);
    expect(pages).toBe(3);
    expect(items.map((team: { title: string }) => team.title)).toEqual([
      "Writers",
      "Reviewers",
      ...Array.from({ length: 45 }, (_, i) => `Team ${i}`),
    ]);
    const last = expectStatus(
      await ada("GET", `${TEAMS}?page=${encodeURIComponent(first.next.page)}&limit=40`),
      200,
    );
    expect(last.items).toHaveLength(27);
    expect(last.count).toBe(47);
    expect("next" in last).toBe(false);
  });

  it("follows the cursor with a limit", async () => {
    const { items, pages } = await walk(ada, TEAMS, 10);
    expect(pages).toBe(5);
    expect(new Set(items.map((team: { id: string }) => team.id)).size).toBe(47);
  });

  it("answers everything in one page with limit=1000", async () => {
    const page = expectStatus(await ada("GET", `${TEAMS}?limit=1000`), 200);
    expect(page.items).toHaveLength(47);
    expect("next" in page).toBe(false);
  });

  it("answers 400 for a limit out of range or not a number", async () => {
    expectError(await ada("GET", `${TEAMS}?limit=1001`), 400, "limit: must be from 1 to 1000, got 1001");
    expectError(await ada("GET", `${TEAMS}?limit=0`), 400, "limit: must be from 1 to 1000, got 0");
    expectError(await ada("GET", `${TEAMS}?limit=ten`), 400, "limit: must be a whole number from 1 to 1000");
  });

  it("answers 400 for a cursor it did not issue", async () => {
    expectError(await ada("GET", `${TEAMS}?page=not-a-cursor`), 400, "page: not a valid page cursor");
  });
});
