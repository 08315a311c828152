// An answer of success that refuses the call all the same (a publish answered with a checkout).

import { describe, expect, it } from "vitest";
import { checkRefusal } from "../../src/apply/captures.ts";
import { DocsyncError } from "../../src/errors.ts";
import type { AnswerRefusal } from "../../src/model/plan.ts";

const refusal: AnswerRefusal = {
  pointer: "/type",
  value: "checkout",
  code: "apply.plan-upgrade",
  message: 'site "Docs" was not published: upgrade the plan.',
};

describe("checking an answer for a refusal", () => {
  it("passes the answer the call asked for", () => {
    expect(() => checkRefusal(refusal, { object: "site", id: "site_1", published: true })).not.toThrow();
    expect(() => checkRefusal(refusal, undefined)).not.toThrow();
  });

  it("fails an answer holding the value, with the refusal's code and message", () => {
    let thrown: unknown;
    try {
      checkRefusal(refusal, { type: "checkout", sessionId: "cs_1" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DocsyncError);
    expect((thrown as DocsyncError).code).toBe("apply.plan-upgrade");
    expect((thrown as DocsyncError).message).toBe('site "Docs" was not published: upgrade the plan.');
  });
});
