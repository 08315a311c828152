// The user a token belongs to (`GET /user`) and users by id: beyond the spec, as the service
// publishes them. A client learns from `GET /user` which member it acts as.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type Emulator, expectError, expectStatus, startEmulator, withToken } from "./http.ts";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.close();
});

describe("GET /user", () => {
  it("answers the user the token belongs to", async () => {
    expect(expectStatus(await as(emulator, "usr_eddie")("GET", "/user"), 200)).toEqual({
      object: "user",
      id: "usr_eddie",
      displayName: "Eddie Editor",
      email: "eddie@acme.example",
      photoURL: "https://app.docs.example/avatars/usr_eddie.png",
      urls: { location: `${emulator.url}/v1/users/usr_eddie` },
    });
    expect(expectStatus(await withToken(emulator, emulator.token)("GET", "/user"), 200).id).toBe("usr_ada");
  });

  it("is the id a member listing shows for that user", async () => {
    const ada = as(emulator, "usr_ada");
    const me = expectStatus(await ada("GET", "/user"), 200);
    const member = expectStatus(await ada("GET", `/orgs/org_acme/members/${me.id}`), 200);
    expect(member.role).toBe("admin");
    expect(member.user).toEqual(me);
  });

  it("answers 401 without a token or with a wrong one", async () => {
    expectError(
      await withToken(emulator, null)("GET", "/user"),
      401,
      "missing credentials: send the header Authorization: Bearer <token>",
    );
    expectError(
      await withToken(emulator, "emu_wrong")("GET", "/user"),
      401,
      "invalid token: it does not belong to any user",
    );
  });
});

describe("GET /users/{userId}", () => {
  it("answers a user who shares an organization with the caller, at its location URL", async () => {
    const eddie = as(emulator, "usr_eddie");
    const rita = expectStatus(await eddie("GET", "/users/usr_rita"), 200);
    expect(rita.displayName).toBe("Rita Reader");
    expect(rita.urls.location).toBe(`${emulator.url}/v1/users/usr_rita`);
  });

  it("answers 404 for an unknown user and for one of another organization", async () => {
    const eddie = as(emulator, "usr_eddie");
    expectError(await eddie("GET", "/users/usr_nobody"), 404, 'user "usr_nobody" not found');
    expectError(await eddie("GET", "/users/usr_gus"), 404, 'user "usr_gus" not found');
    expect(expectStatus(await as(emulator, "usr_gus")("GET", "/users/usr_gus"), 200).id).toBe("usr_gus");
  });
});
