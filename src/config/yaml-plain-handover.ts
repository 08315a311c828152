// What the plain reader leaves to js-yaml before it reads a character: what it would give up on
// where it is written, maybe at the end of megabytes read for nothing, whose garbage would wait
// for a full collection while js-yaml reads the file again.

import { closingQuote, MAX_DEPTH } from "./yaml-plain-lexis.ts";

/** Tabs, byte order marks, merge keys (`<<` anywhere), deep indentation, a carriage return not
 * ending a line, and what js-yaml refuses beyond control characters (lone surrogates, U+FFFE,
 * U+FFFF) are left to js-yaml. Each is looked for apart: a search for one character costs a tenth
 * of a regular expression's scan. */
export function leftToJsYaml(text: string): boolean {
  if (!(text as unknown as { isWellFormed(): boolean }).isWellFormed()) return true;
  if (["\t", "\uFEFF", "\uFFFE", "\uFFFF"].some((char) => text.includes(char))) return true;
  // A merge key makes the reader give up where it is written, maybe at the end of megabytes read
  // for nothing, whose garbage would wait for a full collection while js-yaml reads the file again.
  if (text.includes("<<") || givenUpWhereWritten(text)) return true;
  // Block mappings nested deeper than the reader reads are most often indented at least that far:
  // given up on at the end of a 10 MB mapping, the file was read twice, at 26 times its size.
  if (text.includes(DEEPLY_INDENTED)) return true;
  return text.includes("\r") && /\r(?!\n)/.test(text);
}

/** A line indented as far as MAX_DEPTH levels of mappings, each one space in from the last (a
 * list written at its key's indentation nests without indenting: such a file is read, then given
 * up on, as before). */
const DEEPLY_INDENTED = `\n${" ".repeat(MAX_DEPTH)}`;

/** Where a node starts (the start of a line, or after `: `, `- `, `[`, `{` or `,`), a tag, an
 * explicit key (`? `), an anchor before a key or with an alias of its name inside its node, or a
 * quoted scalar not closed on its line: the reader gives up on each where it is written, as on a
 * merge key. Text in quotes (a URL's `!` or `&`) is not where a node starts, and an ordinary file
 * is not sent away. */
export const givenUpWhereWritten = (text: string): boolean =>
  startsANode(text, "!", () => true) ||
  startsANode(text, "?", (at, end) => at + 1 === end || text[at + 1] === " ") ||
  startsANode(
    text,
    "&",
    (at, end) => ANCHORED_KEY.test(text.slice(at, end)) || aliasedInside(text, at, end),
  ) ||
  startsANode(text, '"', (at, end) => closingQuote(text, at, end) === -1) ||
  startsANode(text, "'", (at, end) => closingQuote(text, at, end) === -1);

/** An anchor and a key after it, on the anchor's line. */
const ANCHORED_KEY = /^&[^\s,[\]{}]+ +[^\s#[{].*?:(?: |$)/;

/** Whether `char` is written where a node starts and `found` holds of it, given the end of its
 * line. A loop over the char's places: a regular expression tried at each character of the file
 * costs a fifth of the reading. Each line's end is looked for once: looked for at each quote, a
 * JSON document of 10 MB on one line was searched to its end a million times, for minutes. */
function startsANode(text: string, char: string, found: (at: number, end: number) => boolean): boolean {
  let lineEnd = -1;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) {
    if (!startsNode(text, at)) continue;
    if (at > lineEnd) {
      lineEnd = text.indexOf("\n", at);
      if (lineEnd === -1) lineEnd = text.length;
    }
    if (found(at, lineEnd)) return true;
  }
  return false;
}

/** Whether an alias of the anchor at `at` (its `&`) is written inside the anchor's node, as far
 * as lines tell: in the flow collection after it on its line, or on the lines after it indented
 * more than its line when it ends its line. A longer name starting alike (`*ab` for `&a`), or a
 * bracket in quotes, count too: such a file is only read more slowly. */
function aliasedInside(text: string, at: number, lineEnd: number): boolean {
  const name = ANCHOR_NAME.exec(text.slice(at, lineEnd))?.[1];
  if (name === undefined) return false;
  let node = at + 1 + name.length;
  while (text[node] === " ") node++;
  if (text[node] === "[" || text[node] === "{")
    return text.slice(node, flowEnd(text, node, lineEnd)).includes(`*${name}`);
  if (node < lineEnd && !/[\r#]/.test(text[node] as string)) return false;
  const indent = indentOf(text, text.lastIndexOf("\n", at) + 1);
  let end = lineEnd;
  while (end < text.length) {
    const line = end + 1;
    const first = line + indentOf(text, line);
    const blank = first >= text.length || /[\r\n#]/.test(text[first] as string);
    if (!blank && first - line <= indent) break;
    const next = text.indexOf("\n", line);
    end = next === -1 ? text.length : next;
  }
  return text.slice(lineEnd, end).includes(`*${name}`);
}

/** Where the flow collection opened at `at` closes on its line (before `lineEnd`), or the line's end. */
function flowEnd(text: string, at: number, lineEnd: number): number {
  let depth = 0;
  for (let i = at; i < lineEnd; i++) {
    const char = text[i];
    if (char === "[" || char === "{") depth++;
    else if ((char === "]" || char === "}") && --depth === 0) return i;
  }
  return lineEnd;
}

const ANCHOR_NAME = /^&([^\s,[\]{}]+)/;

/** How many spaces the line starting at `line` is indented by. */
function indentOf(text: string, line: number): number {
  let at = line;
  while (text[at] === " ") at++;
  return at - line;
}

/** Whether a node may start at `at`: after spaces at a line's start, `: `, `- `, `[`, `{` or `,`. */
function startsNode(text: string, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && text[before] === " ") before--;
  const char = text[before];
  if (before < 0 || char === "\n") return true;
  return (before < at - 1 && (char === ":" || char === "-")) || char === "[" || char === "{" || char === ",";
}
