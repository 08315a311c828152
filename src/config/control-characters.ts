// Control characters (C0 but tab and line breaks, DEL and C1) are refused in configuration text:
// written into a file, where YAML does not allow them either, and in every string value, however
// it was written (an escape in double quotes such as "\0" or "\e", a variable, a file read with
// ${file:...}). A name or a title holding one would reach the API, the web app and every terminal
// that shows it; no value docsync sends needs one.

import type { Diagnostic } from "./diagnostics.ts";
import { escapeControl } from "./diagnostics.ts";
import { diagnosticAt, type KeyPath, type YamlFile } from "./yaml-positions.ts";

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The first control character written in the file's text, at its line and column. */
export function controlCharacterInText(name: string, text: string): Diagnostic | undefined {
  const found = CONTROL.exec(text);
  if (found === null) return undefined;
  const lineStart = text.lastIndexOf("\n", found.index) + 1;
  const line = text.slice(0, lineStart).split("\n").length;
  const message = `the control character ${escapeControl(found[0])} is not allowed in a configuration file`;
  return { file: name, line, column: found.index - lineStart + 1, path: "", message };
}

/** A diagnostic for each string of `value` that holds a control character, at the string. Only
 * escapes and interpolation put one there (`text` is the file's text): without a "\" or a "$"
 * in it, nothing is visited. */
export function controlCharactersInValues(file: YamlFile, value: unknown, text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!text.includes("\\") && !text.includes("$")) return out;
  const seen = new Set<object>();
  const visit = (item: unknown, path: KeyPath): void => {
    if (typeof item === "string") {
      const found = CONTROL.exec(item);
      if (found === null) return;
      const which = `${escapeControl(found[0])} at character ${found.index + 1}`;
      const message = `holds a control character (${which}); text may hold tabs and line breaks, but no other control character`;
      out.push(diagnosticAt(file, path, message));
    } else if (item !== null && typeof item === "object" && !seen.has(item)) {
      seen.add(item);
      for (const [key, child] of Object.entries(item))
        visit(child, [...path, Array.isArray(item) ? Number(key) : key]);
    }
  };
  visit(value, []);
  return out;
}
