// jsonText serializes answers around cached items: it must write exactly what JSON.stringify
// writes, with already-serialized items copied in as they are.

import { describe, expect, it } from "vitest";
import { JsonText, jsonText } from "../../src/emulator/core/json-text.ts";

const text = (value: unknown) => jsonText(value).bytes.toString("utf8");

describe("jsonText", () => {
  it("writes what JSON.stringify writes", () => {
    const values: unknown[] = [
      { object: "space", title: 'Guides "quoted" \\ 📘 é', n: 1.5, none: null, yes: true },
      { skipped: undefined, fn: () => 1, nested: { list: [1, undefined, "x", { deep: [] }] } },
      [],
      {},
      "line\nbreak\u2028",
      0,
      null,
      { date: new Date(0), map: new Map([["a", 1]]) },
    ];
    for (const value of values) expect(text(value)).toBe(JSON.stringify(value));
  });

  it("copies JsonText in as it is, in arrays and objects at any depth", () => {
    const item = jsonText({ id: "sitesp_1", space: { title: "Handbook 📘" } });
    const envelope = { items: [item, item], count: 2, next: { page: "abc" }, nested: { item } };
    expect(JSON.parse(text(envelope))).toEqual({
      items: [
        { id: "sitesp_1", space: { title: "Handbook 📘" } },
        { id: "sitesp_1", space: { title: "Handbook 📘" } },
      ],
      count: 2,
      next: { page: "abc" },
      nested: { item: { id: "sitesp_1", space: { title: "Handbook 📘" } } },
    });
    expect(text(item)).toBe('{"id":"sitesp_1","space":{"title":"Handbook 📘"}}');
  });

  it("stays serializable by JSON.stringify, for an answer that holds it by mistake", () => {
    const item = new JsonText(Buffer.from('{"a":[1,"é"]}', "utf8"));
    expect(JSON.stringify({ items: [item] })).toBe('{"items":[{"a":[1,"é"]}]}');
  });
});
