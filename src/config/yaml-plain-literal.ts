// The lines of a literal block scalar (`|`, `|-`) in the plain subset of YAML that
// yaml-plain-reader.ts reads: it gives up (throws Outside) where js-yaml could read differently.

import { CR, outside, SPACE } from "./yaml-plain-lexis.ts";

/** The text of the block whose lines start at `from`, below a header at column `indent`, without
 * its last line break; and where the line after the block starts. */
export function literalBlock(text: string, from: number, indent: number): [string, number] {
  const lines: string[] = [];
  let width = -1;
  let blanks = 0;
  let line = from;
  while (line < text.length) {
    let content = line;
    while (text.charCodeAt(content) === SPACE) content++;
    let lineBreak = text.indexOf("\n", content);
    if (lineBreak === -1) lineBreak = text.length;
    const end = lineBreak > line && text.charCodeAt(lineBreak - 1) === CR ? lineBreak - 1 : lineBreak;
    const spaces = content - line;
    if (content === end) {
      // A blank line longer than the block's indentation holds spaces: left to js-yaml.
      if (width === -1 ? spaces > indent + 1 : spaces > width) outside();
      blanks++;
      line = lineBreak + 1;
      continue;
    }
    if (width === -1) {
      if (spaces <= indent) outside();
      width = spaces;
    }
    if (spaces < width) break;
    for (; blanks > 0; blanks--) lines.push("");
    lines.push(text.slice(line + width, end));
    line = lineBreak + 1;
  }
  if (width === -1) outside();
  return [lines.join("\n"), line];
}
