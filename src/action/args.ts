// The `args` input: extra arguments for docsync, split the way a shell splits a simple
// command line (no variables, no globbing, no command substitution).

/**
 * Splits on unquoted whitespace (line breaks included). `'…'` keeps everything literally;
 * `"…"` keeps everything but `\"`, `\\`, `\$` and `` \` ``; outside quotes `\` keeps the next
 * character. Throws on an unterminated quote.
 */
export function splitArgs(text: string): string[] {
  const args: string[] = [];
  let current = "";
  let inWord = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "'") {
      const end = text.indexOf("'", index + 1);
      if (end === -1) throw new Error("args: unterminated single quote");
      current += text.slice(index + 1, end);
      index = end;
      inWord = true;
    } else if (char === '"') {
      index++;
      for (; index < text.length && text[index] !== '"'; index++) {
        const next = text[index + 1];
        if (text[index] === "\\" && next !== undefined && '"\\$`'.includes(next)) {
          current += next;
          index++;
        } else current += text[index];
      }
      if (index >= text.length) throw new Error("args: unterminated double quote");
      inWord = true;
    } else if (char === "\\") {
      const next = text[index + 1];
      // A backslash before a line break joins the lines, as in a shell.
      if (next !== undefined && next !== "\n") current += next;
      index++;
      inWord = inWord || (next !== undefined && next !== "\n");
    } else if (/\s/.test(char)) {
      if (inWord) args.push(current);
      current = "";
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) args.push(current);
  return args;
}
