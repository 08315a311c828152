// One YAML syntax error per file, where the author went wrong and with what to write instead. The
// `yaml` package reports an error where its reading broke, often lines after the cause (an unclosed
// "[" at the end of the file), and then every error that follows from the first: those are noise.
// So the earliest cause is found: an unclosed bracket or quote at its opening character, a line
// indented unlike every line it could belong to, a plain value holding ": ", else the first error.

import type { YAMLError } from "yaml";
import type { Diagnostic } from "./diagnostics.ts";
import { yamlPackage } from "./yaml-package.ts";
import { diagnosticAtOffset, type YamlFile } from "./yaml-positions.ts";

/** A syntax error's place and words, before it is placed in a file; `unplaced` when the key path
 * of the place would be the broken reading's (a line that was meant to be elsewhere). */
interface Cause {
  offset: number;
  message: string;
  unplaced?: true;
}

/** The one diagnostic for a file the `yaml` package reads with `errors` (at least one). */
export function syntaxError(file: YamlFile, errors: readonly YAMLError[], words: (e: YAMLError) => string) {
  const { text } = file.positions;
  const first = errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
  const unclosed = unclosedOpening(text);
  const cause = (unclosed !== undefined && unclosed.offset <= first.pos[0] ? unclosed : undefined) ??
    misindented(text, first) ??
    colonInValue(text, first) ??
    colonWithoutSpace(text, first) ??
    unclosed ?? { offset: first.pos[0], message: words(first) };
  return diagnosticAtOffset(
    file,
    cause.offset,
    cause.message,
    cause.unplaced ? [] : undefined,
  ) satisfies Diagnostic;
}

const CLOSED_QUOTE: Record<string, RegExp> = {
  "double-quoted-scalar": /^"(?:[^"\\]|\\[\s\S])*"$/,
  "single-quoted-scalar": /^'(?:[^']|'')*'$/,
};

/** The first "[", "{" or quote that is never closed, in the `yaml` package's reading of `text`. */
function unclosedOpening(text: string): Cause | undefined {
  let found: Cause | undefined;
  const keep = (cause: Cause) => {
    if (found === undefined || cause.offset < found.offset) found = cause;
  };
  const pending: unknown[] = [...new (yamlPackage().Parser)().parse(text)];
  // Without recursion: a file js-yaml refused may nest deeper than the stack goes.
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === null || typeof node !== "object") continue;
    const token = node as {
      type?: string;
      source?: string;
      offset?: number;
      start?: { source?: string; offset: number };
      end?: { source?: string }[];
    };
    if (token.type === "flow-collection" && token.start !== undefined) {
      const open = token.start.source === "{" ? "{" : "[";
      const close = open === "{" ? "}" : "]";
      if (!(token.end ?? []).some((t) => t.source === close)) {
        const what = open === "{" ? "mapping" : "list";
        const message = `this "${open}" starts a ${what} that is never closed: end it with "${close}", or quote the value if "${open}" is part of the text`;
        keep({ offset: token.start.offset, message });
      }
    }
    const quote = CLOSED_QUOTE[token.type ?? ""];
    if (quote !== undefined && !quote.test(token.source ?? "")) {
      const mark = token.source?.[0] ?? '"';
      keep({
        offset: token.offset ?? 0,
        message: `this quote (${mark}) is never closed: end the text with ${mark}`,
      });
    }
    for (const value of Object.values(token))
      if (value !== null && typeof value === "object") pending.push(value);
  }
  return found;
}

/** The error's line or the next one, when it is indented unlike every line it may belong to. */
function misindented(text: string, error: YAMLError): Cause | undefined {
  const lines = text.split("\n");
  const lineOf = (offset: number) => text.slice(0, offset).split("\n").length - 1;
  const errorLine = lineOf(error.pos[0]);
  const content = (line: string) => line.trim() !== "" && !line.trimStart().startsWith("#");
  let next = errorLine + 1;
  while (next < lines.length && !content(lines[next] ?? "")) next++;
  for (const candidate of [errorLine, next]) {
    const line = lines[candidate];
    // A tab in the indentation is a mistake of its own, which the `yaml` package words.
    if (line === undefined || !content(line) || /^ *\t/.test(line)) continue;
    const indent = indentOf(line);
    const levels = openLevels(lines, candidate);
    if (levels.size === 0 || levels.has(indent)) continue;
    // Below `key:` or a lone `-`, a line starts a level of its own.
    const deepest = Math.max(...levels.keys());
    if (indent > deepest && opensBlock(lines[levels.get(deepest) ?? 0] ?? "")) continue;
    const offset = lines.slice(0, candidate).reduce((sum, l) => sum + l.length + 1, 0) + indent;
    const message = `this line is indented ${spaces(indent)}, like no line it may belong to: indent it ${indentChoices(lines, levels, indent)}`;
    return { offset, message, unplaced: true };
  }
  return undefined;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

const spaces = (n: number): string => `${n} space${n === 1 ? "" : "s"}`;

/** The open levels next to `indent`, each by the line that sets it; one line is named once: a
 * `- key:` line sets two levels, its "-" and its key. */
function indentChoices(lines: string[], levels: Map<number, number>, indent: number): string {
  const below = Math.max(...[...levels.keys()].filter((n) => n < indent));
  const above = Math.min(...[...levels.keys()].filter((n) => n > indent));
  const choices = [below, above].filter(Number.isFinite);
  const lineOf = (n: number) => levels.get(n) ?? 0;
  if (choices.length === 2 && lineOf(below) === lineOf(above)) {
    const line = lines[lineOf(below)] ?? "";
    // What starts at a column of the line: its "-", or its key.
    const at = (n: number) =>
      `"${line[n] === "-" ? "-" : (/^[^\s:]+/.exec(line.slice(n))?.[0] ?? "").replace(/^["']|["']$/g, "")}"`;
    if (at(above) !== '""')
      return `like the ${at(below)} (${spaces(below)}) or the ${at(above)} (${spaces(above)}) of line ${lineOf(below) + 1}`;
  }
  return choices.map((n) => `as line ${lineOf(n) + 1} (${spaces(n)})`).join(" or ");
}

/** Whether a line ends where its value starts on the lines below: `key:`, `-`, `key: |`, `key: &a`. */
function opensBlock(line: string): boolean {
  const code = line.replace(/(^|\s)#.*$/, "").trimEnd();
  return /:$|(^|\s)-$|\s[|>][-+0-9]*$|\s[&!]\S*$/.test(code);
}

/** The indentations a line after `lines[0..before)` may have, each with the line that sets it:
 * those of the lines that enclose it and of their last items ("- " items open one more). */
function openLevels(lines: string[], before: number): Map<number, number> {
  const levels = new Map<number, number>();
  let least = Number.POSITIVE_INFINITY;
  for (let i = before - 1; i >= 0 && least > 0; i--) {
    const line = (lines[i] ?? "").replace(/\r$/, "");
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const indent = indentOf(line);
    if (indent >= least) continue;
    least = indent;
    if (!levels.has(indent)) levels.set(indent, i);
    // `- - key: x`: each "- " opens a level at what follows it.
    const dashes = /^(\s*)((?:-[ \t]+)+)/.exec(line);
    if (dashes !== null) {
      const column = (dashes[1] ?? "").length + (dashes[2] ?? "").length;
      if (!levels.has(column)) levels.set(column, i);
    }
  }
  return levels;
}

/** `title: Release: notes`: a plain value holding ": " reads as a mapping, which may not start
 * there. The fix is to quote it. */
function colonInValue(text: string, error: YAMLError): Cause | undefined {
  if (error.code !== "BLOCK_AS_IMPLICIT_KEY") return undefined;
  const at = error.pos[0];
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const lineEnd = text.indexOf("\n", at);
  const value = text.slice(at, lineEnd === -1 ? text.length : lineEnd).replace(/\s+(#.*)?$/, "");
  if (!/:\s/.test(value)) return undefined;
  const before = text.slice(lineStart, at).replace(/^\s*(-\s+)*/, "");
  // Not after a key: the line itself is out of place, not a value to quote.
  if (before === "") return undefined;
  const message = `a plain value cannot hold ": " (YAML reads it as a key): quote the value, as in ${before}${JSON.stringify(value)}`;
  return { offset: at, message, unplaced: true };
}

/** `title:A` is a plain value, not a key: YAML needs a space after the colon. */
function colonWithoutSpace(text: string, error: YAMLError): Cause | undefined {
  if (error.code !== "MULTILINE_IMPLICIT_KEY") return undefined;
  const lineStart = text.lastIndexOf("\n", error.pos[0] - 1) + 1;
  const lineEnd = text.indexOf("\n", lineStart);
  const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).replace(/\r$/, "");
  const match = /^(\s*(?:-\s+)*)([A-Za-z_][\w-]*):([^\s:/].*)$/.exec(line);
  if (match === null) return undefined;
  const [, lead = "", key, value] = match;
  const message = `a key needs a space after its colon: write ${key}: ${value}`;
  return { offset: lineStart + lead.length, message, unplaced: true };
}
