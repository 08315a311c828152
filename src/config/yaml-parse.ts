// Reads a configuration file: its value, nothing else, with the reader of the plain subset that
// configurations are written in (yaml-plain-reader.ts), else with js-yaml; where its nodes are is
// computed only when a message asks (yaml-positions.ts). A file js-yaml refuses is explained with
// the `yaml` package's reading of it, which reports every syntax error at once, or when there is
// none every repeated key, in words that name the construct; else with js-yaml's own reason.

import { load, YAMLException } from "js-yaml";
import { aliasExpansion, expansionLimit } from "./alias-expansion.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { placeFirst } from "./error-cap.ts";
import { earlierPlace } from "./first-place.ts";
import { duplicateKeys } from "./yaml-duplicate-keys.ts";
import { keyWrittenAt } from "./yaml-plain-lexis.ts";
import { OUTSIDE_SUBSET, readPlainDocument } from "./yaml-plain-reader.ts";
import type { RepeatedKey } from "./yaml-plain-repeats.ts";
import { diagnosticAt, diagnosticAtOffset, Positions, type YamlFile } from "./yaml-positions.ts";
import { CONFIG_SCHEMA, PlainInterpolation } from "./yaml-schema.ts";
import { syntaxError } from "./yaml-syntax.ts";

export interface ParsedYaml {
  file: YamlFile;
  diagnostics: Diagnostic[];
  /** undefined for a file with no value (only comments, or nothing). */
  value: unknown;
}

/** The deepest a file may nest. No configuration nests 100 levels deep; a file that does is
 * refused where it goes deeper, before the rest is read: 10 MB of lists nested 400 deep would be
 * millions of lists, each many times the size of its brackets. */
export const MAX_DEPTH = 100;

export function parseYamlFile(name: string, path: string, text: string): ParsedYaml {
  const file = { name, path, positions: new Positions(text) };
  // A file of the plain subset holds no merge key, and more than comments.
  const plain = readPlainDocument(text);
  if (plain !== OUTSIDE_SUBSET) {
    if (plain.repeats > 0) {
      return { file, diagnostics: repeatedKeys(file, plain.repeated, plain.repeats), value: undefined };
    }
    const problems = plain.aliased ? aliasExpansion(file, plain.value, text) : [];
    if (problems.length > 0) return { file, diagnostics: problems, value: undefined };
    return { file, diagnostics: [], value: plain.value };
  }
  let value: unknown;
  try {
    // (Options its type declarations do not list yet.)
    const limits = { maxDepth: MAX_DEPTH, maxTotalMergeKeys: expansionLimit(text) };
    value = load(text, { schema: CONFIG_SCHEMA, ...limits });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return { file, diagnostics: explain(file, error), value: undefined };
  }
  const problems = aliasExpansion(file, value, text);
  if (problems.length > 0) return { file, diagnostics: problems, value: undefined };
  // js-yaml reads a file of comments as null, as it reads `~`.
  if (value === null && !file.positions.hasValue()) value = undefined;
  // A file that is one scalar is refused as not a mapping, whatever it holds.
  return { file, diagnostics: [], value: value instanceof PlainInterpolation ? value.text : value };
}

/** Problems in the configuration's words: the yaml package's (by code and message), and js-yaml's
 * refusals of what that package reads without error. */
const WORDS: [RegExp, string][] = [
  [
    /^MULTIPLE_DOCS|^expected a single document in the stream/,
    "a configuration file holds one YAML document; move the one after '---' into a file of its own",
  ],
  // The yaml package recurses once per level of nesting, and says so when it runs out of stack.
  [/call stack|maxDepth/, "invalid YAML: nested too deeply"],
  [/^TAB_AS_INDENT/, "a tab indents this line: YAML indents with spaces only"],
  [/^unidentified alias "(.*)"$/, 'unknown anchor "*$1"'],
  [/cannot merge mappings/, "a merge key (<<) names a mapping, or a list of mappings"],
  [/maxTotalMergeKeys/, "merge keys (<<) copy too much: write the repeated parts out, or merge less"],
];
function worded(problem: string): string | undefined {
  const [pattern, words = ""] = WORDS.find(([pattern]) => pattern.test(problem)) ?? [];
  return pattern?.exec(problem)?.[0].replace(pattern, words);
}

/** Each key written again in its mapping, at the repeat, naming where the first was written. */
function repeatedKeys(file: YamlFile, repeated: readonly RepeatedKey[], found = repeated.length) {
  return placeFirst(
    repeated,
    ({ at, path, first }) => {
      const message = `duplicate key "${path.at(-1)}" (first at ${earlierPlace(file.positions, first, at)})`;
      return diagnosticAtOffset(file, at, message, path.slice(0, -1));
    },
    found,
  );
}

function explain(file: YamlFile, refusal: YAMLException): Diagnostic[] {
  // js-yaml refuses a second document with no mark: it is placed at its marker.
  const second = /single document/.test(refusal.reason) ? secondDocumentAt(file.positions.text) : 0;
  const at = refusal.mark?.position ?? second;
  // Nesting too deep is placed in the text up to where it went too deep: what follows may be
  // megabytes of it, which the `yaml` package would read at the cost of a hundred times its size.
  // Past EXPLAINED_WHOLE, that text too is too much to read again: placed where js-yaml stopped.
  if (/maxDepth/.test(refusal.reason) && at < EXPLAINED_WHOLE) {
    const upTo = new Positions(file.positions.text.slice(0, at + 1));
    return [diagnosticAt({ ...file, positions: upTo }, upTo.pathAt(at), worded(refusal.reason) ?? "")];
  }
  if (file.positions.text.length > EXPLAINED_WHOLE) return [whereJsYamlStopped(file, refusal, at)];
  const { positions } = file;
  const { errors, warnings } = positions.document().doc;
  const syntax = [...errors, ...warnings];
  if (syntax.length > 0) {
    return [
      syntaxError(
        file,
        syntax,
        ({ code, message }) => worded(`${code} ${message}`) ?? `invalid YAML: ${message}`,
      ),
    ];
  }
  const repeated = /duplicated mapping key/.test(refusal.reason)
    ? duplicateKeys(positions.document().doc)
    : [];
  if (repeated.length > 0) return repeatedKeys(file, repeated);
  const words = worded(refusal.reason);
  // What the yaml package reads without error is placed where its construct starts.
  if (words !== undefined) return [diagnosticAt(file, positions.pathAt(at), words)];
  return [diagnosticAtOffset(file, at, `invalid YAML: ${refusal.reason}`)];
}

/** Past this many characters a refusal is placed where js-yaml stopped, in its words: the `yaml`
 * package's reading, which names the construct, its path and a repeat's first place, holds about
 * a hundred times what it reads, and a 10 MB file refused for a key repeated at its end (with a
 * tab or a merge key that leaves it to js-yaml) peaked at a gigabyte. */
export const EXPLAINED_WHOLE = 1_000_000;

/** js-yaml's refusal at its mark, with no path (finding one would read the file again). */
function whereJsYamlStopped(file: YamlFile, refusal: YAMLException, at: number): Diagnostic {
  if (/duplicated mapping key/.test(refusal.reason)) {
    const name = keyWrittenAt(file.positions.text, at).key;
    return diagnosticAtOffset(file, at, name === undefined ? "duplicate key" : `duplicate key "${name}"`, []);
  }
  return diagnosticAtOffset(file, at, worded(refusal.reason) ?? `invalid YAML: ${refusal.reason}`, []);
}

/** Where the file's second document starts: its `---` marker, the first one when a value is written
 * before it (else the next), or 0 when no marker tells. */
function secondDocumentAt(text: string): number {
  const markers = /^---(?=[ \r\n]|$)/gm;
  const first = markers.exec(text);
  if (first === null) return 0;
  const value = /^ *[^\s#%]/m.exec(text);
  if (value !== null && value.index < first.index) return first.index;
  return markers.exec(text)?.index ?? 0;
}
