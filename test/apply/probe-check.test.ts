// A probe's answer must show what the plan assumed, at the pointer it names.

import { describe, expect, it } from "vitest";
import { checkProbe } from "../../src/apply/captures.ts";
import { DocsyncError } from "../../src/errors.ts";
import type { Probe } from "../../src/model/plan.ts";

const probe: Probe = {
  pointer: "/object",
  value: "translation",
  otherwise: "Write each entry as { title }.",
};

describe("checking a probe's answer", () => {
  it("passes an answer holding the value", () => {
    expect(() => checkProbe(probe, { object: "translation", id: "trn_1" })).not.toThrow();
  });

  it("fails an answer of the other form, naming what it held and what it means", () => {
    let thrown: unknown;
    try {
      checkProbe(probe, { object: "translation-settings", id: "trn_1" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DocsyncError);
    expect((thrown as DocsyncError).code).toBe("apply.probe");
    expect((thrown as DocsyncError).message).toBe(
      'the answer\'s object is "translation-settings", not "translation". Write each entry as { title }.',
    );
  });

  it("fails an answer without the field", () => {
    expect(() => checkProbe(probe, { id: "trn_1" })).toThrow("the answer's object is undefined");
    expect(() => checkProbe(probe, undefined)).toThrow("the answer's object is undefined");
  });
});
