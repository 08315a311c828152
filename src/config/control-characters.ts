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
 * in it, nothing is visited. The walk keeps one path, copied only for a diagnostic: a list of
 * 25,000 redirects made a path and a list of entries for each of its nodes. */
export function controlCharactersInValues(file: YamlFile, value: unknown, text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!text.includes("\\") && !text.includes("$")) return out;
  const seen = new Set<object>();
  const path: KeyPath = [];
  const visit = (item: unknown): void => {
    if (typeof item === "string") {
      const found = CONTROL.exec(item);
      if (found === null) return;
      const which = `${escapeControl(found[0])} at character ${found.index + 1}`;
      const message = `holds a control character (${which}); text may hold tabs and line breaks, but no other control character`;
      out.push(diagnosticAt(file, [...path], message));
    } else if (Array.isArray(item)) {
      if (seen.has(item)) return;
      seen.add(item);
      for (let index = 0; index < item.length; index++) {
        path.push(index);
        visit(item[index]);
        path.pop();
      }
    } else if (item !== null && typeof item === "object" && !seen.has(item)) {
      seen.add(item);
      for (const key of Object.keys(item)) {
        path.push(key);
        visit((item as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  visit(value);
  return out;
}
