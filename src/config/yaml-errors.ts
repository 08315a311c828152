// Explains a file js-yaml refused, with the `yaml` package's reading of it (yaml-document.ts):
// where js-yaml stops at the first problem, it reports every syntax error at once, or when there
// is none every repeated key and alias to an anchor that does not exist, in words that name the
// construct. What it reads without error (js-yaml's limits) is said with js-yaml's own reason.

import type { YAMLException } from "js-yaml";
import type { Document } from "yaml";
import { type Diagnostic, formatPath } from "./diagnostics.ts";
import { yamlPackage } from "./yaml-package.ts";
import type { KeyPath, YamlFile } from "./yaml-positions.ts";

/** js-yaml's refusals that the `yaml` package reads without error, in the configuration's words. */
const REASONS: [RegExp, string][] = [
  [/maxDepth/, "invalid YAML: nested too deeply"],
  [/cannot merge mappings/, "a merge key (<<) names a mapping, or a list of mappings"],
  [/maxTotalMergeKeys/, "merge keys (<<) copy too many keys; write the repeated parts out, or merge less"],
];

export function explainYamlError(file: YamlFile, refusal: YAMLException): Diagnostic[] {
  const { positions } = file;
  const { doc } = positions.document();
  const out: Diagnostic[] = [];
  const report = (offset: number, path: KeyPath, message: string) => {
    const { line, col } = positions.linePos(offset);
    out.push({ file: file.name, line, column: col, path: formatPath(path), message });
  };
  const problems = [...doc.errors, ...doc.warnings];
  const syntax = problems.filter((problem) => problem.code !== "DUPLICATE_KEY");
  for (const problem of syntax.length > 0 ? syntax : problems) {
    const [at = 0] = problem.pos;
    const path = positions.pathAt(at);
    let message = `invalid YAML: ${problem.message}`;
    if (problem.code === "DUPLICATE_KEY") {
      const first = positions.linePos(positions.offsetOf(path, "key")).line;
      message = `duplicate key "${path.pop()}" (first at line ${first})`;
    } else if (problem.code === "MULTIPLE_DOCS") {
      message =
        "a configuration file holds one YAML document; move the one after '---' into a file of its own";
    } else if (/call stack/i.test(problem.message)) {
      // The parser recurses once per level of nesting and reports running out of stack as an error.
      message = "invalid YAML: nested too deeply";
    }
    report(at, path, message);
  }
  if (syntax.length === 0) {
    yamlPackage().visit(doc as Document, {
      Alias(_, alias) {
        const [at = 0] = alias.range ?? [];
        if (alias.resolve(doc) === undefined)
          report(at, positions.pathAt(at), `unknown anchor "*${alias.source}"`);
      },
    });
  }
  if (out.length === 0) {
    const at = refusal.mark?.position ?? 0;
    const known = REASONS.find(([pattern]) => pattern.test(refusal.reason));
    report(at, positions.pathAt(at), known?.[1] ?? `invalid YAML: ${refusal.reason}`);
  }
  return out;
}
