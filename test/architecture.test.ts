// The shape docs/architecture.md describes, checked on the sources: data flows one way between
// the folders of src/ (no import cycle between them), the shared vocabulary in src/model/
// imports nothing else of the tool, nothing outside the emulator imports it but the command
// that runs it, and modules stay small.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");

/** Every module of src/ with the modules it imports (relative imports, static or dynamic). */
function imports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) {
        const text = readFileSync(path, "utf8");
        const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) =>
          relative(SRC, normalize(join(dirname(path), m[1]!))),
        );
        found.set(relative(SRC, path), targets);
      }
    }
  };
  walk(SRC);
  return found;
}

/** The folder of a module under src/ (`plan`, `kinds`), or the module itself at the top. */
const folderOf = (module: string): string => module.split(sep)[0]!;

describe("architecture", () => {
  const modules = imports();

  it("has no import cycle between the folders of src/", () => {
    const edges = new Map<string, Set<string>>();
    for (const [module, targets] of modules) {
      for (const target of targets) {
        const from = folderOf(module);
        const to = folderOf(target);
        if (from === to) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)!.add(to);
      }
    }
    const cycles: string[] = [];
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
      for (const next of edges.get(from) ?? []) {
        if (next === to) return true;
        if (!seen.has(next)) {
          seen.add(next);
          if (reaches(next, to, seen)) return true;
        }
      }
      return false;
    };
    for (const [from, targets] of edges)
      for (const to of targets) if (reaches(to, from)) cycles.push(`${from} → ${to}`);
    expect(cycles).toEqual([]);
  });

  it("keeps src/model/ a leaf: it imports nothing of the tool outside itself", () => {
    const outside = [...modules]
      .filter(([module]) => folderOf(module) === "model")
      .flatMap(([module, targets]) =>
        targets.filter((t) => folderOf(t) !== "model").map((t) => `${module} → ${t}`),
      );
    expect(outside).toEqual([]);
  });

  it("imports the emulator only from the command that runs it", () => {
    const importers = [...modules]
      .filter(([module]) => folderOf(module) !== "emulator")
      .flatMap(([module, targets]) => (targets.some((t) => folderOf(t) === "emulator") ? [module] : []));
    expect(importers).toEqual([join("cli", "commands", "emulator.ts")]);
  });

  it("has the CLI, the Action and what they share reach the planner, apply, the live reads, drift and export only through the engine", () => {
    const inner = new Set(["plan", "apply", "live", "drift", "export"]);
    const reaches = [...modules]
      .filter(([module]) => ["cli", "action", "front"].includes(folderOf(module)))
      .flatMap(([module, targets]) =>
        targets.filter((t) => inner.has(folderOf(t))).map((t) => `${module} → ${t}`),
      );
    expect(reaches).toEqual([]);
  });

  it("keeps every module of src/ outside the emulator under 300 lines", () => {
    const long = [...modules.keys()]
      .filter((module) => folderOf(module) !== "emulator")
      .map((module) => ({ module, lines: readFileSync(join(SRC, module), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > 300)
      .map(({ module, lines }) => `${module}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
