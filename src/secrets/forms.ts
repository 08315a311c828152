// The forms a secret may take in a text that docsync did not write itself, or wrote escaped: an
// error message that quotes it JSON-escaped (`\"`, `\u00e7`), percent-encoded (a token in a URL
// the service normalized, in either case of hex digits, `+` for a space as forms encode it),
// HTML- or Markdown-escaped (a report), with its line breaks changed, collapsed into spaces or
// removed (a certificate or instructions quoted on one line), a PEM file read with a trailing
// newline but quoted without it, only the base64 body of a PEM, whole or line by line, or the
// whole secret base64-encoded. One pattern per secret finds all of these, each character in any
// of its forms, so that no form is lost to the order in which encodings were applied.

import { Buffer } from "node:buffer";
import { escapeRegExp, MIN_SECRET_LENGTH } from "./pattern.ts";

export { MIN_SECRET_LENGTH };

const PEM_BLOCK = /-----BEGIN [^-\r\n]+-----([\s\S]*?)-----END [^-\r\n]+-----/g;

/** A hex digit in either case: `%2f` is `%2F`. */
const hexDigit = (digit: string): string =>
  /[A-F]/.test(digit) ? `[${digit}${digit.toLowerCase()}]` : digit;

/** `%C3%A7` for `ç`: each byte of its UTF-8, either case of hex digits. */
function percentPattern(char: string): string {
  return [...Buffer.from(char, "utf8")]
    .map((byte) => `%${[...byte.toString(16).toUpperCase().padStart(2, "0")].map(hexDigit).join("")}`)
    .join("");
}

/** `\u00e7` for `ç`: as JSON writers that keep to ASCII escape it (each UTF-16 unit), either case of hex digits. */
function unicodeEscapePattern(char: string): string {
  let pattern = "";
  for (let at = 0; at < char.length; at++) {
    const hex = char.charCodeAt(at).toString(16).toUpperCase().padStart(4, "0");
    pattern += `\\\\u${[...hex].map(hexDigit).join("")}`;
  }
  return pattern;
}

const HTML_NAMED: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Letters and digits: every encoding leaves them as they are. */
const PLAIN = /^[A-Za-z0-9]$/;

/** The patterns made so far, by character: a certificate repeats the same few dozen. */
const characterPatterns = new Map<string, string>();

/** Every way one character (not a space) may be written, as a regular expression. */
function characterPattern(char: string): string {
  if (PLAIN.test(char)) return char;
  let pattern = characterPatterns.get(char);
  if (pattern === undefined) {
    pattern = characterForms(char);
    characterPatterns.set(char, pattern);
  }
  return pattern;
}

function characterForms(char: string): string {
  const forms = new Set([escapeRegExp(char), percentPattern(char)]);
  const json = JSON.stringify(char).slice(1, -1);
  if (json !== char) forms.add(escapeRegExp(json));
  if (char === "/") forms.add("\\\\/");
  const code = char.codePointAt(0)!;
  if (code > 0x7e || code < 0x20) forms.add(unicodeEscapePattern(char));
  // Markdown escapes ASCII punctuation with a backslash; HTML writes it as an entity.
  if (code < 0x7f && /[!-/:-@[-`{-~]/.test(char)) forms.add(`\\\\${escapeRegExp(char)}`);
  const named = HTML_NAMED[char];
  if (named !== undefined) forms.add(named);
  forms.add(`&#0*${code};`);
  forms.add(`&#[xX]0*${[...code.toString(16).toUpperCase()].map(hexDigit).join("")};`);
  if (forms.size === 1) return escapeRegExp(char);
  // The escaped forms before the character itself: `\\` is one backslash JSON-escaped, not two.
  forms.delete(escapeRegExp(char));
  return `(?:${[...forms, escapeRegExp(char)].join("|")})`;
}

/** One space, tab or line break as any writer may have written it: `+` and `%20` in a URL, `\n` in JSON. */
const BLANK =
  "(?:[ \\t\\r\\n+]|%(?:20|0[9AaDd])|\\\\[nrt]|&#(?:0*(?:9|10|13|32)|[xX]0*(?:9|[Aa]|[Dd]|20));|<br\\s*/?>)";

/** One line break, as it is or escaped. */
const LINE_BREAK = "(?:\\r?\\n|\\r|(?:\\\\r)?\\\\n|(?:%0[Dd])?%0[Aa])";

/**
 * The pattern of a run of whitespace inside a secret: any run of blanks (collapsed into one space,
 * or each line break become a space), or none where it held a line break (lines joined).
 */
const blankRun = (run: string): string => (/[\r\n]/.test(run) ? `${BLANK}*` : `${BLANK}+`);

/**
 * The secret, trimmed, as a regular expression that finds it in every form above; the whitespace
 * it ends with (a PEM file's last newline) is taken along where it follows as it is.
 */
export function secretPattern(secret: string): string {
  const core = secret.trim();
  const trailing = secret.slice(secret.trimEnd().length);
  let source = "";
  for (const [, blank, word] of core.matchAll(/(\s+)|(\S+)/g)) {
    source += blank !== undefined ? blankRun(blank) : [...word!].map(characterPattern).join("");
  }
  if (trailing === "") return source;
  return `${source}(?:${/[\r\n]/.test(trailing) ? LINE_BREAK : escapeRegExp(trailing)})?`;
}

/** The base64 bodies of the PEM blocks in a secret: each line, and the lines joined. */
function pemBodies(secret: string): string[] {
  const forms: string[] = [];
  for (const [, body = ""] of secret.matchAll(PEM_BLOCK)) {
    const lines = body
      .split(/\s+/)
      .map((line) => line.trim())
      .filter((line) => line !== "");
    forms.push(...lines, lines.join(""));
  }
  return forms;
}

/** The secret base64-encoded (a value sent in a header, or stored as bytes), padded or not, and URL-safe. */
function base64Forms(secret: string): string[] {
  const encoded = Buffer.from(secret.trim(), "utf8").toString("base64");
  const unpadded = encoded.replace(/=+$/, "");
  return [encoded, unpadded, unpadded.replace(/\+/g, "-").replace(/\//g, "_")];
}

/** The literal texts that come from a secret but are not its characters in order: PEM bodies, base64. */
export function literalForms(secret: string): string[] {
  const forms = new Set<string>();
  for (const form of [...pemBodies(secret), ...base64Forms(secret)]) {
    if (form.length >= MIN_SECRET_LENGTH) forms.add(form);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * How many base64 characters of a secret in a row count as a piece of it: long enough that
 * no unrelated text holds them by chance, short enough to catch a quote that was cut off or
 * re-wrapped.
 */
export const FRAGMENT_LENGTH = 16;

/** Runs of the base64 alphabet: the characters a certificate or a token is made of. */
export const BASE64_RUN = /[A-Za-z0-9+/=]+/g;

/** Every FRAGMENT_LENGTH-character window of the secret's base64 runs, PEM bodies joined too. */
export function fragments(secret: string): string[] {
  const windows: string[] = [];
  const texts = [secret, ...pemBodies(secret)];
  for (const [run] of texts.join("\n").matchAll(BASE64_RUN)) {
    for (let start = 0; start + FRAGMENT_LENGTH <= run.length; start++) {
      windows.push(run.slice(start, start + FRAGMENT_LENGTH));
    }
  }
  return windows;
}
