// A plan as JSON text (`plan --format json`, plan files): indented as JSON.stringify(plan, null, 2)
// indents it, but each change and each call on a line of its own. The value is the same; the
// text is about half as long, since a plan of 100,000 redirects holds as many changes and calls,
// each nested a few levels deep, whose indentation was most of the file.

/** The top-level lists whose items are written one a line. */
const ONE_A_LINE: ReadonlySet<string> = new Set(["changes", "calls"]);

/** `value` as JSON.stringify writes it indented by two, the lines after the first indented by `indent` more. */
function indented(value: unknown, indent: string): string | undefined {
  return JSON.stringify(value, null, 2)?.replaceAll("\n", `\n${indent}`);
}

/** A list with each item's compact JSON on a line of its own (an item JSON drops is null, as in a list). */
function oneALine(items: readonly unknown[]): string {
  if (items.length === 0) return "[]";
  const lines: string[] = new Array(items.length);
  for (let at = 0; at < items.length; at++) lines[at] = `    ${JSON.stringify(items[at]) ?? "null"}`;
  return `[\n${lines.join(",\n")}\n  ]`;
}

/** The JSON of a plan (or a saved plan), ending with a newline. */
export function planJson(plan: object): string {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(plan)) {
    const text = ONE_A_LINE.has(key) && Array.isArray(value) ? oneALine(value) : indented(value, "  ");
    // What JSON.stringify leaves out of an object (undefined, a function) is left out here too.
    if (text === undefined) continue;
    fields.push(`  ${JSON.stringify(key)}: ${text}`);
  }
  return fields.length === 0 ? "{}\n" : `{\n${fields.join(",\n")}\n}\n`;
}
