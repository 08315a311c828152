import { describe, expect, it } from "vitest";
import { deepEqual, findCreated, valueAt } from "../../src/api/recovery.ts";

const sections = [
  { id: "sec_1", title: "API", siteSpaces: [{ space: { id: "spc_1" } }] },
  { id: "sec_2", title: "API", siteSpaces: [{ space: { id: "spc_2" } }] },
  { id: "sec_3", title: "Guides", siteSpaces: [] },
];

describe("dotted paths", () => {
  it("walks objects and array indexes", () => {
    expect(valueAt(sections[0], "siteSpaces.0.space.id")).toBe("spc_1");
    expect(valueAt(sections[2], "siteSpaces.0.space.id")).toBeUndefined();
    expect(valueAt(sections[0], "title.length")).toBeUndefined();
    expect(valueAt({ a: [1, 2] }, "a.x")).toBeUndefined();
  });
  it("compares values deeply", () => {
    expect(
      deepEqual({ kind: "site-section", siteSectionId: "s" }, { siteSectionId: "s", kind: "site-section" }),
    ).toBe(true);
    expect(deepEqual({ kind: "a" }, { kind: "a", extra: undefined })).toBe(false);
    expect(deepEqual([1, [2]], [1, [2]])).toBe(true);
    expect(deepEqual(null, undefined)).toBe(false);
  });
});

describe("finding the created item", () => {
  it("finds exactly one match", () => {
    const result = findCreated(sections, {
      list: "/x",
      match: { title: "API", "siteSpaces.0.space.id": "spc_2" },
    });
    expect(result).toEqual({ kind: "found", item: sections[1] });
  });
  it("reports no match", () => {
    expect(findCreated(sections, { list: "/x", match: { title: "Reference" } })).toEqual({ kind: "none" });
  });
  it("reports several matches", () => {
    expect(findCreated(sections, { list: "/x", match: { title: "API" } })).toEqual({
      kind: "several",
      ids: ["sec_1", "sec_2"],
    });
  });
  it("skips items that existed before", () => {
    const result = findCreated(sections, { list: "/x", match: { title: "API" }, exclude: ["sec_1"] });
    expect(result).toEqual({ kind: "found", item: sections[1] });
  });
});
