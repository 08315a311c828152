// Explains a file js-yaml refused, with the `yaml` package (loaded only then): where js-yaml
// stops at the first problem, it reports every syntax error at once, or when there is none every
// repeated key and alias to an anchor that does not exist, in words that name the construct.
// What it does not refuse (js-yaml's limit on nesting) is said with js-yaml's own reason.

import type { YAMLException } from "js-yaml";
import type { Document, Pair } from "yaml";
import type { Diagnostic } from "./diagnostics.ts";
import { formatPath, type KeyPath } from "./yaml-positions.ts";

export async function explainYamlError(
  name: string,
  text: string,
  refusal: YAMLException,
): Promise<Diagnostic[]> {
  const { isMap, isScalar, isSeq, LineCounter, parseDocument, visit } = await import("yaml");
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: false,
    merge: true,
  });
  const keyText = (key: unknown) =>
    isScalar(key) && key.value !== null && typeof key.value !== "object" ? String(key.value) : undefined;
  const contains = (node: unknown, offset: number) => {
    const range = (node as { range?: number[] } | null)?.range;
    return range !== undefined && (range[0] as number) <= offset && offset < (range[2] as number);
  };
  /** The key path of the innermost node holding `offset`. */
  const pathAt = (offset: number): KeyPath => {
    const path: KeyPath = [];
    for (let node: unknown = doc.contents; ; ) {
      if (isMap(node)) {
        const pair = node.items.find((p) => contains(p.key, offset) || contains(p.value, offset));
        const key = keyText(pair?.key);
        if (pair === undefined || key === undefined) return path;
        path.push(key);
        if (contains(pair.key, offset)) return path;
        node = pair.value;
      } else if (isSeq(node)) {
        const index = node.items.findIndex((item) => contains(item, offset));
        if (index === -1) return path;
        path.push(index);
        node = node.items[index];
      } else {
        return path;
      }
    }
  };
  const out: Diagnostic[] = [];
  const report = (offset: number, path: KeyPath, message: string) => {
    const { line, col } = lines.linePos(offset);
    out.push({ file: name, line, column: col, path: formatPath(path), message });
  };
  for (const error of [...doc.errors, ...doc.warnings]) {
    let message = `invalid YAML: ${error.message}`;
    if (error.code === "MULTIPLE_DOCS") {
      message =
        "a configuration file holds one YAML document; move the one after '---' into a file of its own";
    } else if (/call stack/i.test(error.message)) {
      // The parser recurses once per level of nesting and reports running out of stack as an error.
      message = "invalid YAML: nested too deeply";
    }
    report(error.pos[0], pathAt(error.pos[0]), message);
  }
  if (out.length === 0) {
    visit(doc as Document, {
      Map(_, map) {
        const firsts = new Map<unknown, Pair>();
        for (const pair of map.items) {
          if (!isScalar(pair.key) || Number.isNaN(pair.key.value)) continue;
          const first = firsts.get(pair.key.value);
          if (first === undefined) firsts.set(pair.key.value, pair);
          else {
            const at = pair.key.range?.[0] ?? 0;
            const where = lines.linePos((first.key as { range?: number[] }).range?.[0] ?? 0).line;
            report(
              at,
              pathAt(at).slice(0, -1),
              `duplicate key "${String(pair.key.value)}" (first at line ${where})`,
            );
          }
        }
      },
      Alias(_, alias) {
        const at = alias.range?.[0] ?? 0;
        if (alias.resolve(doc) === undefined) report(at, pathAt(at), `unknown anchor "*${alias.source}"`);
      },
    });
  }
  if (out.length === 0) {
    const at = refusal.mark?.position ?? 0;
    const nested = /maxDepth/.test(refusal.reason);
    report(at, pathAt(at), `invalid YAML: ${nested ? "nested too deeply" : refusal.reason}`);
  }
  return out;
}
