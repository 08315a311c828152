// Which parts of a URL look like a secret by their shape alone: realistic keys and tokens do,
// ids, versions, dates, words and file names do not, and long hex strings (a commit SHA or a
// key) may or may not.

import { describe, expect, it } from "vitest";
import { classChanges, entropy, judgePart } from "../../src/export/secret-shapes.ts";

describe("judging a part of a URL by its shape", () => {
  it("takes realistic keys and tokens for secrets", () => {
    for (const key of [
      "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
      "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
      "FPhicsQF4SIBNK1zJXz%2FWd4jdLO8%2FFRUHvVDQw9T",
      "Zx9Qp2LmT7vB4nR8sK1wY6",
      "xoxb-1234567890-AbCdEfGhIjKlMnOpQrStUv12",
    ]) {
      expect(judgePart(key), key).toBe("secret");
    }
  });

  it("takes ids, versions, dates, words and file names for ordinary text", () => {
    for (const plain of [
      "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
      "v2.14.0",
      "1.0.0-beta.2",
      "2024-01-15T10:30:00Z",
      "internal.yaml",
      "openapi-v3.json",
      "payments-api",
      "getting-started-with-the-api",
      "abc1234",
      "VeryLongWordWithoutAnyDigits",
    ]) {
      expect(judgePart(plain), plain).toBe("plain");
    }
  });

  it("cannot judge long hex strings, nor long runs of letters and digits that are not random enough", () => {
    for (const unsure of [
      "9fceb02d0ae598e95dc970b74767f19372d61af8",
      "d41d8cd98f00b204e9800998ecf8427e",
      "UserGuideV2Final2024",
      "AKIAIOSFODNN7EXAMPLE",
    ]) {
      expect(judgePart(unsure), unsure).toBe("unsure");
    }
  });

  it("measures entropy and changes of class as documented", () => {
    expect(entropy("aaaa")).toBe(0);
    expect(entropy("abcd")).toBe(2);
    expect(classChanges("aA1")).toBe(1);
    expect(classChanges("abc")).toBe(0);
  });
});
