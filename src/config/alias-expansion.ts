// An alias is its anchor's value again, shared: every walk of a file's value (interpolation, the
// schema, the checks) goes through it once per use, so a few lines of aliases of aliases can
// stand for billions of nodes. Past ten nodes a character of the file, the file is refused. So is
// an alias inside the very node its anchor names (`teams: &t [*t]`): the value would hold itself,
// and no walk of it would end; and a value that aliases nest deeper than a file may be written.

import type { Diagnostic } from "./diagnostics.ts";
import { diagnosticAt, diagnosticAtOffset, type YamlFile } from "./yaml-positions.ts";

/** The most nodes a file of `text` may stand for, aliases expanded; and the most keys its merge
 * keys (<<) may copy. */
export const expansionLimit = (text: string): number => Math.max(100_000, 10 * text.length);

/** The deepest a file's value may nest through aliases: ten times what it may be written
 * (MAX_DEPTH, yaml-parse.ts), and well within what the walks of a value (the schema's among them)
 * can recurse through. */
const MAX_DEPTH = 1000;

/** Problems when `value`, read from `text`, holds itself, or too many nodes or levels with its
 * aliases expanded. */
export function aliasExpansion(file: YamlFile, value: unknown, text: string): Diagnostic[] {
  if (!text.includes("*")) return [];
  const measured = expandedSize(value);
  if (measured === "cycle") return aliasesInTheirAnchors(file);
  if (measured.depth > MAX_DEPTH) {
    const message = `aliases nest the value ${measured.depth.toLocaleString("en-US")} levels deep, past ${MAX_DEPTH.toLocaleString("en-US")}: write the repeated parts out, or use fewer aliases`;
    return [wholeFile(file, message)];
  }
  if (measured.size <= expansionLimit(text)) return [];
  const message = `aliases repeat too much: the value would hold ${measured.size.toLocaleString("en-US")} nodes; write the repeated parts out, or use fewer aliases`;
  return [wholeFile(file, message)];
}

/** A problem of the whole file, at its start: placed without reading the file's positions, which
 * for a file of millions of aliases costs far more than the file. */
const wholeFile = (file: YamlFile, message: string): Diagnostic => ({
  file: file.name,
  line: 1,
  column: 1,
  path: "",
  message,
});

interface Measure {
  size: number;
  depth: number;
}

/** How many nodes `value` holds with its aliases expanded (each shared object counts each time)
 * and how deep they nest, or "cycle" when an object holds itself. Without recursion: aliases may
 * nest a value far deeper than the stack goes. */
function expandedSize(root: unknown): Measure | "cycle" {
  const done = new Map<object, Measure>();
  const open = new Set<object>();
  const stack: { node: object; children: unknown[]; next: number; measure: Measure }[] = [];
  const enter = (node: object) => {
    open.add(node);
    stack.push({ node, children: Object.values(node), next: 0, measure: { size: 1, depth: 1 } });
  };
  if (root === null || typeof root !== "object") return { size: 1, depth: 0 };
  enter(root);
  let last: Measure = { size: 1, depth: 1 };
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (child === null || typeof child !== "object") {
        top.measure.size += 1;
        continue;
      }
      if (open.has(child)) return "cycle";
      const known = done.get(child);
      if (known === undefined) {
        enter(child);
        continue;
      }
      top.measure.size += known.size;
      top.measure.depth = Math.max(top.measure.depth, known.depth + 1);
      continue;
    }
    stack.pop();
    open.delete(top.node);
    done.set(top.node, top.measure);
    last = top.measure;
    const parent = stack[stack.length - 1];
    if (parent !== undefined) {
      parent.measure.size += top.measure.size;
      parent.measure.depth = Math.max(parent.measure.depth, top.measure.depth + 1);
    }
  }
  return last;
}

/** An error at each alias written inside the node its anchor names, as the `yaml` package reads
 * the file: where the value holds itself. */
function aliasesInTheirAnchors(file: YamlFile): Diagnostic[] {
  const { doc, aliases } = file.positions.aliases();
  const out: Diagnostic[] = [];
  for (const alias of aliases) {
    const anchored = alias.resolve(doc) as { range?: [number, number, number] } | undefined;
    const [from, to] = anchored?.range ?? [0, 0];
    const at = alias.range?.[0] ?? 0;
    if (at < from || at >= to) continue;
    // The node starts after its anchor, which may be on a line of its own.
    const anchor = file.positions.text.lastIndexOf(`&${alias.source}`, from);
    const line = file.positions.linePos(anchor === -1 ? from : anchor).line;
    const message = `alias "*${alias.source}" is inside the value of its own anchor "&${alias.source}" (line ${line}): the value would hold itself; write it out, or move the anchor`;
    out.push(diagnosticAtOffset(file, at, message));
  }
  // js-yaml and the yaml package read anchors alike; should they not here, the file is still refused.
  if (out.length === 0) out.push(diagnosticAt(file, [], "the value holds itself through an alias"));
  return out;
}
