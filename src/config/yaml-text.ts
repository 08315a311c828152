// What the position index (yaml-index.ts) reads of a file's text around the nodes js-yaml
// reports: where content starts past spaces, comments, anchors and tags, where an empty value
// is, and the dashes of a block list.

export function skipSpaces(text: string, at: number): number {
  while (text[at] === " " || text[at] === "\t") at++;
  return at;
}

/** Past spaces, line breaks, comments and (with `properties`) anchors and tags. */
export function contentStart(text: string, at: number, properties = true): number {
  for (;;) {
    const c = text[at];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") at++;
    else if (c === "#") at = text.indexOf("\n", at) === -1 ? text.length : text.indexOf("\n", at);
    else if (properties && (c === "&" || c === "!")) at = propertyEnd(text, at);
    else return at;
  }
}

/** Where an empty value is: past the spaces after its indicator, and past the anchors and tags
 * it has (those js-yaml read before `end`). */
export function emptyStart(text: string, at: number, end: number): number {
  let start = skipSpaces(text, at);
  for (let next = contentStart(text, at, false); next < end && /[&!]/.test(text[next] ?? ""); ) {
    next = propertyEnd(text, next);
    start = skipSpaces(text, next);
    next = contentStart(text, next, false);
  }
  return start;
}

function propertyEnd(text: string, at: number): number {
  while (at < text.length && !/\s/.test(text[at] as string)) at++;
  return at;
}

export function column(text: string, at: number): number {
  return at - text.lastIndexOf("\n", at - 1) - 1;
}

/** Whether what starts at `start` follows a "?", the explicit key indicator. */
export function afterQuestionMark(text: string, start: number): boolean {
  let at = start - 1;
  while (text[at] === " " || text[at] === "\t") at--;
  return text[at] === "?" && /^[\s[{,]?$/.test(text[at - 1] ?? "");
}

/** The dashes of the block list whose first dash is at `first`: then every line that starts at
 * its column, past deeper lines, comments and blank lines; and where the list stops. */
export function dashes(text: string, first: number): { dashes: number[]; stop: number } {
  const found = [first];
  const at = (line: number) =>
    text.indexOf("\n", line) === -1 ? text.length : contentStart(text, text.indexOf("\n", line), false);
  let line = at(first);
  for (; line < text.length && column(text, line) >= column(text, first); line = at(line)) {
    if (column(text, line) > column(text, first)) continue;
    if (!/^-(\s|$)/.test(text.slice(line, line + 2))) break;
    found.push(line);
  }
  return { dashes: found, stop: line };
}
