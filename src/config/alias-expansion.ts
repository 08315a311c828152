// An alias is its anchor's value again, shared: every walk of a file's value (interpolation, the
// schema, the checks) goes through it once per use, so a few lines of aliases of aliases can
// stand for billions of nodes. Past ten nodes a character of the file, the file is refused. So is
// an alias inside the very node its anchor names (`teams: &t [*t]`): the value would hold itself,
// and no walk of it would end; and a value that aliases nest deeper than a file may be written.

import { type Diagnostic, formatPath } from "./diagnostics.ts";
import { earlierPlace } from "./first-place.ts";
import { type AnchorWindow, ownAnchorWindow } from "./own-anchor-window.ts";
import { aliasTarget } from "./yaml-alias-targets.ts";
import { diagnosticAt, type Positions, type YamlFile } from "./yaml-positions.ts";

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
  if (measured === "cycle") return aliasesInTheirAnchors(file, value);
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

export interface Measure {
  size: number;
  depth: number;
}

/** Where a walk of the value is: the objects open on the way down, in parallel arrays (a chain of
 * anchors nests a value hundreds of thousands of levels deep: an object per level would cost more
 * than the file), with what each holds and how far it has been gone through. */
class Walk {
  readonly nodes: object[] = [];
  /** A list's items, or a mapping's keys (a list of its values would cost more). */
  readonly children: unknown[][] = [];
  readonly next: number[] = [];
  readonly sizes: number[] = [];
  readonly depths: number[] = [];

  enter(node: object): void {
    this.nodes.push(node);
    this.children.push(Array.isArray(node) ? node : Object.keys(node));
    this.next.push(0);
    this.sizes.push(1);
    this.depths.push(1);
  }

  /** Adds a child's measure to the innermost open object's. */
  add(size: number, depth: number): void {
    const top = this.nodes.length - 1;
    (this.sizes[top] as number) += size;
    if (depth + 1 > (this.depths[top] as number)) this.depths[top] = depth + 1;
  }

  leave(): Measure {
    this.nodes.pop();
    this.children.pop();
    this.next.pop();
    return { size: this.sizes.pop() as number, depth: this.depths.pop() as number };
  }
}

/** How many nodes `value` holds with its aliases expanded (each shared object counts each time)
 * and how deep they nest, or "cycle" when an object holds itself. Without recursion: aliases may
 * nest a value far deeper than the stack goes. Each object is measured once: a million aliases of
 * one anchor cost a lookup each. */
export function expandedSize(root: unknown): Measure | "cycle" {
  if (root === null || typeof root !== "object") return { size: 1, depth: 0 };
  // Each object met: OPEN while it is being measured, then its measure's index in the two lists.
  // A WeakMap: its entries are two words to a Map's three, and a file may hold a million objects.
  const met = new WeakMap<object, number>();
  const sizes: number[] = [];
  const depths: number[] = [];
  const walk = new Walk();
  met.set(root, OPEN);
  walk.enter(root);
  for (;;) {
    const top = walk.nodes.length - 1;
    const children = walk.children[top] as unknown[];
    const at = walk.next[top] as number;
    if (at < children.length) {
      walk.next[top] = at + 1;
      const holder: object = walk.nodes[top] as object;
      const child =
        children === holder ? children[at] : (holder as Record<string, unknown>)[children[at] as string];
      if (child === null || typeof child !== "object") {
        walk.add(1, 0);
        continue;
      }
      const known = met.get(child);
      if (known === OPEN) return "cycle";
      if (known === undefined) {
        met.set(child, OPEN);
        walk.enter(child);
      } else walk.add(sizes[known] as number, depths[known] as number);
      continue;
    }
    const node = walk.nodes[top] as object;
    const measure = walk.leave();
    if (walk.nodes.length === 0) return measure;
    met.set(node, sizes.length);
    sizes.push(measure.size);
    depths.push(measure.depth);
    walk.add(measure.size, measure.depth);
  }
}

const OPEN = -1;

/** An error at each alias written inside the node its anchor names, as the `yaml` package reads
 * the file (or its last top-level keys, own-anchor-window.ts): where the value holds itself. */
function aliasesInTheirAnchors(file: YamlFile, value: unknown): Diagnostic[] {
  const window = ownAnchorWindow(file.positions.text, value);
  let out = window !== undefined ? ownAnchorAliases(file, window) : [];
  if (out.length === 0) out = ownAnchorAliases(file, { start: 0, ...file.positions.aliases() });
  // js-yaml and the yaml package read anchors alike; should they not here, the file is still refused.
  if (out.length === 0) out.push(diagnosticAt(file, [], "the value holds itself through an alias"));
  return out;
}

/** The aliases inside their anchors' nodes in a reading of the file from `start` on. */
function ownAnchorAliases(file: YamlFile, read: Omit<AnchorWindow, "positions"> & { positions?: Positions }) {
  const { start, doc, aliases, positions = file.positions } = read;
  const out: Diagnostic[] = [];
  for (const alias of aliases) {
    const anchored = aliasTarget(doc, alias) as { range?: [number, number, number] } | undefined;
    const [from, to] = anchored?.range ?? [0, 0];
    const at = alias.range?.[0] ?? 0;
    if (at < from || at >= to) continue;
    // The node starts after its anchor, which may be on a line of its own.
    const anchor = file.positions.text.lastIndexOf(`&${alias.source}`, from + start);
    const place = earlierPlace(file.positions, anchor === -1 ? from + start : anchor, at + start);
    const message = `alias "*${alias.source}" is inside the value of its own anchor "&${alias.source}" (${place}): the value would hold itself; write it out, or move the anchor`;
    const { line, col } = file.positions.linePos(at + start);
    out.push({ file: file.name, line, column: col, path: formatPath(positions.pathAt(at)), message });
  }
  return out;
}
