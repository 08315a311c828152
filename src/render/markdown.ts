// Markdown for pull-request comments and job summaries: how text is escaped. Values from the
// configuration or the live state only ever appear inside code (spans or fenced blocks), so
// that no value can break a table, inject HTML, mention people or link issues; docsync's own
// words are escaped. The reports themselves are in markdown-report.ts.

/** GitHub refuses comments over 65,536 characters; stay well below, for the lines around. */
export const MARKDOWN_LIMIT = 60_000;

/** Longest value shown in a table cell or a heading, in characters. */
export const CELL_VALUE_MAX = 300;
/** Longest line of a change in a code block, in characters. */
export const DETAIL_VALUE_MAX = 2_000;

// ---------------------------------------------------------------------------------------------
// Escaping

/** Markdown text: HTML and the inline Markdown syntax neutralized (safe in table cells). */
export function escapeMarkdown(text: string): string {
  return oneLine(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\\`*_[\]|~$#!]/g, (char) => `\\${char}`);
}

/**
 * An inline code span holding `text` exactly: the delimiter is longer than any run of
 * backticks inside, line breaks become spaces, and in a table cell pipes are escaped (GFM
 * takes `\|` out of the cell before reading the span).
 */
export function codeSpan(text: string, inTable = true): string {
  let content = oneLine(text);
  if (inTable) content = content.replace(/\|/g, "\\|");
  if (content === "") return "` `";
  const fence = "`".repeat(longestRun(content, /`+/g) + 1);
  const pad = /^[ `]|[ `]$/.test(content) ? " " : "";
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** HTML text, for the inside of `<summary>`. */
export function escapeHtml(text: string): string {
  return oneLine(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A fence for a code block that `content` cannot close. */
export function fenceFor(content: string): string {
  return "`".repeat(Math.max(3, longestRun(content, /`{3,}/g) + 1));
}

function longestRun(content: string, runs: RegExp): number {
  let longest = 0;
  for (const match of content.matchAll(runs)) longest = Math.max(longest, match[0].length);
  return longest;
}

export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, " ");
}

/** JSON string literals (the names in addresses, notes and warnings). */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/** docsync's own words, with the names quoted in them shown as code. */
export function prose(text: string, inTable = true): string {
  let result = "";
  let last = 0;
  for (const match of text.matchAll(QUOTED)) {
    result += escapeMarkdown(text.slice(last, match.index)) + codeSpan(match[0], inTable);
    last = match.index + match[0].length;
  }
  return result + escapeMarkdown(text.slice(last));
}

// ---------------------------------------------------------------------------------------------
// Values

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  // Never leave half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}… (${(text.length - cut.length).toLocaleString("en-US")} more characters)`;
}

export const plural = (n: number, word: string) =>
  `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
