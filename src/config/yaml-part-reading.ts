// What a reading of a file's first part shows of a node, and whether that is all there is:
// yaml-positions.ts looks a path up in such readings, and reads more of the file where they cannot
// tell.

/** Where the `yaml` package read `node`: its start, its value's end and its end (after a comment). */
export const range = (node: unknown) => (node as { range?: [number, number, number] } | null)?.range;

/** Whether `node` is an empty value with no whole line of content after it before `cut`: the
 * value may be on the lines after the cut. */
export function emptyUntilCut(text: string, node: unknown, start: number, cut: number): boolean {
  if (range(node)?.[1] !== start) return false;
  const lineEnd = text.lastIndexOf("\n", cut - 1);
  return lineEnd < start || !/\n[ \t]*[^\s#]/.test(text.slice(Math.max(0, start - 1), lineEnd));
}

/** Whether the collection `node` is closed before `cut`: a flow collection by its bracket, a
 * block one by a line after it, before the cut, indented less (not a comment). */
export function closedBefore(text: string, node: unknown, cut: number): boolean {
  const [start, end] = range(node) ?? [cut, cut];
  if (text[start] === "[" || text[start] === "{") return end < cut && /[\]}]/.test(text[end - 1] ?? "");
  const column = start - (text.lastIndexOf("\n", start - 1) + 1);
  for (let line = text.indexOf("\n", end) + 1; line > 0 && line < cut; line = text.indexOf("\n", line) + 1) {
    const indent = /^[ \t]*(#)?/.exec(text.slice(line, Math.min(cut, line + column + 1))) as RegExpExecArray;
    const lineEnd = text.indexOf("\n", line);
    if (lineEnd === -1 || lineEnd >= cut) return false;
    const content = !/[\r\n]/.test(text[line + indent[0].length] ?? "\n");
    if (indent[1] === undefined && indent[0].length < column && content) return true;
  }
  return false;
}

/** How far an implicit key's `:` may be from its start: the `yaml` package refuses a key further. */
const MAX_IMPLICIT_KEY = 1024;

/** Whether `node` is a flow collection not closed before `cut` and starting near enough it to be
 * a key: a `:` after the cut would make it one (`- [a]: 1`, `[[a]:1]` hold a pair, not a list),
 * so what the part shows of it is not looked into. */
export function mayBeKeyPastCut(text: string, node: unknown, cut: number): boolean {
  const start = range(node)?.[0];
  if (start === undefined || (text[start] !== "[" && text[start] !== "{")) return false;
  return cut - start <= MAX_IMPLICIT_KEY && !closedBefore(text, node, cut);
}
