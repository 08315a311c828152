// Writes an exported configuration as YAML that reads like a hand-written one: top-level keys
// apart, small mappings of plain values on one line (`{ space: guides, path: guides }`), the
// kinds' comments where they belong. Every string is escaped for interpolation (`${` is written
// `$${`), so that loading the file gives back exactly the live values; the one `${` written is a
// secret kept out of the file (an Interpolation).

import { Document, isNode, type Node, YAMLMap, YAMLSeq } from "yaml";
import type { Note } from "./convert.ts";
import { Interpolation } from "./secrets.ts";

export interface YamlExport {
  /** Lines of the comment that opens the file. */
  header: string[];
  /** The configuration, keys in the order they are written. */
  body: Record<string, unknown>;
  notes: WeakMap<object, Note[]>;
  /** Lists of mappings whose items are written on one line when they fit. */
  oneLineLists: ReadonlySet<string>;
  /** Top-level lists whose items are set apart by a blank line (they are long). */
  spacedLists: ReadonlySet<string>;
}

/** Longest mapping or list written on one line. */
const ONE_LINE_MAX = 96;

type Scalar = string | number | boolean | null | Interpolation;

const isScalar = (value: unknown): value is Scalar =>
  value === null || ["string", "number", "boolean"].includes(typeof value) || value instanceof Interpolation;

/** `${` would be read as an interpolation: `$${` is its escape. (A replacement function, since a
 * replacement string would read `$$` as one `$`.) */
export const escapeInterpolation = (text: string): string => text.replaceAll("${", () => "$${");

/** Whether a mapping or list of plain values is short enough for one line (roughly as written). */
function fitsOneLine(values: [string, unknown][]): boolean {
  if (values.length === 0 || !values.every(([, value]) => isScalar(value))) return false;
  const length = values.reduce((sum, [key, value]) => sum + key.length + String(value).length + 4, 4);
  return length <= ONE_LINE_MAX;
}

function comment(text: string): string {
  return text
    .split("\n")
    .map((line) => ` ${line}`)
    .join("\n");
}

function build(
  doc: Document,
  value: unknown,
  layout: Pick<YamlExport, "notes" | "oneLineLists">,
  at: { depth: number; key?: string; inList?: string },
): unknown {
  const notes = layout.notes;
  if (typeof value === "string") return doc.createNode(escapeInterpolation(value));
  if (value instanceof Interpolation) return interpolationNode(doc, value);
  if (Array.isArray(value)) {
    const seq = new YAMLSeq();
    for (const item of value)
      seq.items.push(build(doc, item, layout, { depth: at.depth + 1, inList: at.key }));
    seq.flow = value.length === 0 || fitsOneLine(value.map((item) => ["", item]));
    return seq;
  }
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    const map = new YAMLMap();
    for (const [key, item] of entries) {
      map.items.push(doc.createPair(key, build(doc, item, layout, { depth: at.depth + 1, key })));
    }
    const own = notes.get(value) ?? [];
    for (const note of own) {
      if (note.key === undefined) {
        map.comment = map.comment ? `${map.comment}\n${comment(note.text)}` : comment(note.text);
        continue;
      }
      const pair = map.items.find((p) => isNode(p.key) && (p.key as { value?: unknown }).value === note.key);
      if (pair && isNode(pair.key)) {
        const key = pair.key as Node;
        key.commentBefore = key.commentBefore
          ? `${key.commentBefore}\n${comment(note.text)}`
          : comment(note.text);
      }
    }
    const placed = at.key !== undefined ? at.depth > 1 : layout.oneLineLists.has(at.inList ?? "");
    map.flow = own.length === 0 && placed && fitsOneLine(entries);
    return map;
  }
  return doc.createNode(value);
}

/** The one place the export writes `${`: a secret kept out, as a variable; the literal text
 * around it escaped as any other. A value that is one variable is quoted, so that it reads as
 * the string it stands for whatever the variable holds. */
function interpolationNode(doc: Document, value: Interpolation): Node {
  const text = value.parts
    .map((part) => (typeof part === "string" ? escapeInterpolation(part) : `\${${part.variable}}`))
    .join("");
  const node = doc.createNode(text);
  if (value.whole) node.type = "QUOTE_DOUBLE";
  return node;
}

export function renderYaml(exported: YamlExport): string {
  const doc = new Document();
  const root = build(doc, exported.body, exported, { depth: 0 }) as YAMLMap;
  root.items.forEach((pair, index) => {
    // A blank line before each top-level key but the first two (version, organization), and
    // between the items of long lists.
    if (index > 1) (pair.key as Node).spaceBefore = true;
    const key = (pair.key as { value?: unknown }).value;
    if (typeof key === "string" && exported.spacedLists.has(key) && pair.value instanceof YAMLSeq) {
      (pair.value.items as Node[]).forEach((site, position) => {
        if (position > 0) site.spaceBefore = true;
      });
    }
  });
  doc.contents = root;
  doc.commentBefore = comment(exported.header.join("\n"));
  return doc.toString({ lineWidth: 0 });
}
