// Walks a parsed YAML document node by node with a stack of its own rather than recursion, so
// that no depth of nesting can overflow the call stack, and spells a node's key path only when
// asked: building one for each of a million nodes would cost more than the walk itself.

import { isMap, isSeq } from "yaml";
import { keyText } from "./yaml-doc-positions.ts";
import type { KeyPath } from "./yaml-positions.ts";

export interface NodeVisit {
  node: unknown;
  parent: NodeVisit | undefined;
  /** The key or index of `node` in its parent; undefined for the root. */
  segment: string | number | undefined;
}

/**
 * Calls `visit` with every node reachable through values (mappings, lists, scalars, aliases),
 * parents first and in document order. Values under keys that are not plain scalars (complex
 * keys, aliases as keys) have no key path and are not visited; the mapping holding them is.
 */
export function walkNodes(root: unknown, visit: (at: NodeVisit) => void): void {
  const stack: NodeVisit[] = [{ node: root, parent: undefined, segment: undefined }];
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    const { node } = at;
    if (node === null || node === undefined) continue;
    visit(at);
    // Children pushed last first, so that they come off the stack in order.
    if (isMap(node)) {
      for (let index = node.items.length - 1; index >= 0; index--) {
        const pair = node.items[index];
        const key = keyText(pair?.key);
        if (key !== undefined) stack.push({ node: pair?.value, parent: at, segment: key });
      }
    } else if (isSeq(node)) {
      for (let index = node.items.length - 1; index >= 0; index--) {
        stack.push({ node: node.items[index], parent: at, segment: index });
      }
    }
  }
}

/** The key path from the root to the visited node. */
export function pathOf(visit: NodeVisit): KeyPath {
  const path: KeyPath = [];
  for (let at: NodeVisit | undefined = visit; at?.segment !== undefined; at = at.parent)
    path.push(at.segment);
  return path.reverse();
}
