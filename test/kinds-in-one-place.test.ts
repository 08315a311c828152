// docs/architecture.md promises that a kind is one place: its module in src/kinds/, its schema
// fragment, its emulator family, docs and tests, and a line in the registry. This test reads
// every other source file and fails on any that names a kind: its collection (`siteSpaces`), its
// name as a string (`"site space"`), or its types (`DesiredSiteSpace`, `LiveSiteSpace`).

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { builtInKinds } from "../src/kinds/registry.ts";
import type { AnyKind } from "../src/kinds/types.ts";

const root = join(import.meta.dirname, "..");
const OWN = [/^src\/kinds\//, /^src\/emulator\//];
/** Lines where a kind's word means something else: a GitHub log group, a command's prose. */
const OTHER_MEANINGS = [/log\.command\("group"/, /\.description\("/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [relative(root, path)] : [];
  });
}

/** The code of a file without its comments: a comment may name a kind as an example. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const pascal = (name: string) =>
  name
    .split(/[\s-]+/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join("");

function namesOf(kind: AnyKind): RegExp[] {
  const type = pascal(kind.kind);
  return [
    new RegExp(`\\b${kind.collection}\\b`),
    new RegExp(`["'\`]${kind.kind}["'\`]`),
    new RegExp(`\\b(Desired|Live|Raw)${type}\\b`),
  ];
}

describe("a kind is one place", () => {
  it("no source file outside the kinds and the emulator names a kind", () => {
    const kinds = [...new Map(builtInKinds.all.map((kind) => [kind.kind, kind])).values()];
    const found: string[] = [];
    for (const file of sourceFiles(join(root, "src"))) {
      if (OWN.some((own) => own.test(file))) continue;
      const lines = code(readFileSync(join(root, file), "utf8")).split("\n");
      lines.forEach((line, index) => {
        if (OTHER_MEANINGS.some((meaning) => meaning.test(line))) return;
        for (const kind of kinds) {
          if (namesOf(kind).some((name) => name.test(line)))
            found.push(`${file}:${index + 1}: ${kind.kind}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
