// The node each alias of a document names: the last node before it with its anchor, as the `yaml`
// package's Alias.resolve() finds it, but found for every alias in one walk of the document.
// Alias.resolve() walks the whole document for each alias it is asked about: placing the errors of
// a file of 5,000 aliases took 80 s, and one of 300,000 would take days.

import type { Alias, Document, Node } from "yaml";
import { yamlPackage } from "./yaml-package.ts";

const targetsByDocument = new WeakMap<Document, Map<Alias, Node>>();

/** The node `alias` names in `doc`, or undefined when no node before it has its anchor. */
export function aliasTarget(doc: Document, alias: Alias): Node | undefined {
  let targets = targetsByDocument.get(doc);
  if (targets === undefined) {
    targets = aliasTargets(doc);
    targetsByDocument.set(doc, targets);
  }
  return targets.get(alias);
}

/** Every alias's node, in one walk in the order written: a node is met before what it holds, so an
 * alias inside its own anchor's node names that node, as Alias.resolve() has it. */
function aliasTargets(doc: Document): Map<Alias, Node> {
  const { visit, isAlias, isCollection, isScalar } = yamlPackage();
  const latest = new Map<string, Node>();
  const targets = new Map<Alias, Node>();
  visit(doc, {
    Node: (_key, node) => {
      const target = isAlias(node) ? latest.get(node.source) : undefined;
      if (isAlias(node) && target !== undefined) targets.set(node, target);
      else if ((isScalar(node) || isCollection(node)) && node.anchor) latest.set(node.anchor, node);
    },
  });
  return targets;
}
