// One item's result of a bulk call, read as the outcome of the item's own call.

import { describe, expect, it } from "vitest";
import { batchItemOutcome } from "../../src/apply/batch.ts";
import type { Call } from "../../src/model/plan.ts";

const create: Call = {
  id: "k2",
  change: "c1",
  method: "POST",
  path: "/orgs/o/sites/s/redirects",
  dependsOn: ["k1"],
  summary: "create redirect",
  captures: [
    {
      address: [
        { kind: "site", key: "Docs" },
        { kind: "redirect", key: "/a" },
      ],
      pointer: "/id",
    },
  ],
};

describe("batchItemOutcome", () => {
  it("captures a created item's id from its result", () => {
    const outcome = batchItemOutcome(create, {
      status: "created",
      source: "/a",
      id: "siteredir_9",
      draft: false,
    });
    expect(outcome).toEqual({
      status: "done",
      ids: new Map([['site "Docs" › redirect "/a"', "siteredir_9"]]),
    });
  });

  it("fails with the service's message for an item in error", () => {
    const outcome = batchItemOutcome(create, {
      status: "error",
      source: "/a",
      draft: false,
      error: "no such section",
    });
    expect(outcome).toEqual({
      call: create,
      status: "failed",
      error: "no such section",
      code: "api.rejected",
    });
  });

  it("fails, naming the call, when the answer has no result for the item or no id for a create", () => {
    expect(batchItemOutcome(create, undefined)).toMatchObject({
      status: "failed",
      error: "POST /orgs/o/sites/s/redirects: the bulk call's answer has no result for this item",
    });
    expect(batchItemOutcome(create, { status: "created", source: "/a" })).toMatchObject({
      status: "failed",
      error: 'the answer did not include the id of site "Docs" › redirect "/a"',
    });
    const { captures: _none, ...rest } = create;
    const remove: Call = { ...rest, method: "DELETE" };
    expect(batchItemOutcome(remove, { status: "deleted", source: "/a", draft: false })).toEqual({
      status: "done",
      ids: new Map(),
    });
  });
});
