// A file with an error in each of thousands of nodes is reported by its first errors, placed,
// and a count of the rest: placing each would read the file's positions for every one.

import { describe, expect, it } from "vitest";
import { ERRORS_PLACED_PER_FILE, placeFirst } from "../../src/config/error-cap.ts";
import { loadErrors, yaml } from "./helpers.ts";

const at = (line: number) => ({ file: "a.yaml", line, column: 1, path: "", message: `error ${line}` });

describe("errors of one file", () => {
  it("are placed up to the cap, the last counting the rest", () => {
    const placed = placeFirst([...Array(53).keys()], at);
    expect(placed).toHaveLength(ERRORS_PLACED_PER_FILE);
    expect(placed.at(-1)?.message).toBe("error 49 (and 3 more errors in this file, not listed)");
    expect(placeFirst([1, 2], at).map((d) => d.message)).toEqual(["error 1", "error 2"]);
  });

  it("of the schema stop at the cap, with a count of the rest", async () => {
    const keys = Array.from({ length: 1000 }, (_, n) => `  k${n}: 1`);
    const message = await loadErrors({
      "a.yaml": yaml("version: 1", "organization: org_1", "policy:", ...keys),
    });
    const lines = message.split("\n");
    expect(lines[0]).toBe('a.yaml:4:3: policy.k0: unknown key "k0"');
    expect(lines).toContain(
      'a.yaml:53:3: policy.k49: unknown key "k49" (and 950 more errors in this file, not listed)',
    );
    expect(lines.at(-1)).toBe("50 errors in 1 file.");
  });

  it("repeated keys stop at the cap, with a count of the rest", async () => {
    const keys = Array.from({ length: 59 }, () => "    title: T");
    const message = await loadErrors({
      "a.yaml": yaml("version: 1", "organization: org_1", "teams:", "  - title: T", ...keys),
    });
    expect(message).toContain(
      'a.yaml:54:5: teams[0]: duplicate key "title" (first at line 4) (and 9 more errors in this file, not listed)',
    );
    expect(message.split("\n").at(-1)).toBe("50 errors in 1 file.");
  });
});
