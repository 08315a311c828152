// The error codes are one closed list (src/errors.ts): docs/json-formats.md lists exactly the
// same codes with the same meanings, the schemas accept each of them, and every code is one that
// docsync raises somewhere. A code cannot be added, renamed or dropped without the others.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DocsyncError, ERROR_CODES, errorCodeOf } from "../../src/errors.ts";

const DOC = readFileSync("docs/json-formats.md", "utf8");

/** The rows of the table under "### Error codes", as [code, meaning]. */
function documentedCodes(): [string, string][] {
  const section = DOC.slice(DOC.indexOf("### Error codes"));
  const rows = [...section.matchAll(/^\| `([^`]+)` \| (.+) \|$/gm)];
  return rows.map((row) => [row[1]!, row[2]!]);
}

/** Every source file of src/, with its text. */
function sources(dir = "src"): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [{ path, text: readFileSync(path, "utf8") }] : [];
  });
}

describe("error codes", () => {
  it("are listed in docs/json-formats.md, each with its meaning, in the order of src/errors.ts", () => {
    expect(documentedCodes()).toEqual(Object.entries(ERROR_CODES));
  });

  it("each match the pattern the schemas give a code", () => {
    type Schema = {
      properties: { code: { pattern?: string; $ref?: string } };
      definitions?: { code?: { pattern: string } };
    };
    const patterns = ["error", "apply-report", "validation"].map((name) => {
      const schema = JSON.parse(readFileSync(`schemas/${name}.schema.json`, "utf8")) as Schema;
      return schema.properties.code.pattern ?? schema.definitions?.code?.pattern;
    });
    expect(new Set(patterns).size).toBe(1);
    const pattern = new RegExp(patterns[0]!);
    expect(Object.keys(ERROR_CODES).filter((code) => !pattern.test(code))).toEqual([]);
  });

  it("are each raised somewhere: the list holds no code that nothing gives", () => {
    const texts = sources()
      .filter((source) => source.path !== join("src", "errors.ts"))
      .map((source) => source.text)
      .join("\n");
    const unused = Object.keys(ERROR_CODES).filter((code) => !texts.includes(`"${code}"`));
    expect(unused).toEqual([]);
  });

  it("tell a DocsyncError's code from anything else's", () => {
    expect(errorCodeOf(new DocsyncError("plan.stale", "Stale plan"))).toBe("plan.stale");
    expect(errorCodeOf(new TypeError("x is undefined"))).toBe("internal");
    expect(errorCodeOf("thrown text")).toBe("internal");
  });
});
