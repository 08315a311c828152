// The rule for a delete that finds nothing to delete, on its own: a DELETE answered 404 for the
// item it names is done; a 404 of a route the service lacks, or of any other method, is not.

import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.ts";
import { alreadyGone } from "../../src/apply/gone.ts";
import type { Call } from "../../src/model/plan.ts";

const call = (method: Call["method"]): Call => ({
  id: "k1",
  change: "c1",
  method,
  path: "/orgs/o/teams/team_x",
  dependsOn: [],
  summary: "delete team",
});
const answer = (status: number, apiMessage?: string) =>
  new ApiError(
    { method: "DELETE", path: "/orgs/o/teams/team_x", status, ...(apiMessage ? { apiMessage } : {}) },
    "failed",
  );

describe("a delete that finds its item gone", () => {
  it("is done when the service says the item is not found, and says so", () => {
    expect(alreadyGone(call("DELETE"), answer(404, 'team "team_x" not found'))).toBe(
      'already gone: 404 Not Found: team "team_x" not found',
    );
  });

  it("is a failure when the 404 is of a route the service lacks (no message, or a router's)", () => {
    expect(alreadyGone(call("DELETE"), answer(404))).toBeUndefined();
    expect(alreadyGone(call("DELETE"), answer(404, "no route for DELETE /orgs/o/teams/x"))).toBeUndefined();
    expect(alreadyGone(call("DELETE"), answer(405, "method not allowed"))).toBeUndefined();
  });

  it("is a failure for any other answer or method", () => {
    expect(alreadyGone(call("DELETE"), answer(409, "in use"))).toBeUndefined();
    expect(alreadyGone(call("PATCH"), answer(404, 'team "team_x" not found'))).toBeUndefined();
    expect(alreadyGone(call("DELETE"), new Error("socket hang up"))).toBeUndefined();
  });
});
