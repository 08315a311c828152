// `--target` as people type it: segments `kind "name"` separated by `›` (as plans print them)
// or `>` (as keyboards have it), each name a JSON string, so that any name can be given (`\"`
// for a quote, `\\` for a backslash; `›` and `>` inside the quotes are part of it). The one
// place a text is read as an address. A malformed address is a usage error of its own, told
// apart from a well-formed one that names nothing (which the planner reports).

import { DocsyncError } from "../errors.ts";
import type { Address } from "../model/address.ts";

const SEGMENT = /^([A-Za-z][A-Za-z ]*?) +("(?:[^"\\]|\\.)*")$/;
const EXAMPLE = `site "Acme Docs" > section "api"`;

/** Splits on `›` and `>` outside double quotes. */
function segments(text: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted && char === "\\") {
      current += char + (text[index + 1] ?? "");
      index++;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (!quoted && (char === "›" || char === ">")) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}

function syntaxError(target: string, problem: string): DocsyncError {
  return new DocsyncError(
    "cli.target-syntax",
    `--target ${JSON.stringify(target)} is not an address: ${problem}. An address is kind "name" segments separated by > or ›, e.g. ${EXAMPLE}.`,
  );
}

/** The address a target names (`site "A" › section "b"`); throws on a malformed one. */
export function parseTargetAddress(target: string): Address {
  if (target.trim() === "") throw syntaxError(target, "it is empty");
  const parts = segments(target);
  return parts.map((part, index) => {
    const where = parts.length > 1 ? ` (segment ${index + 1})` : "";
    if (part === "") throw syntaxError(target, `a separator has nothing on one side${where}`);
    const match = SEGMENT.exec(part);
    if (!match) {
      const problem = /"/.test(part)
        ? (part.split('"').length - 1) % 2 === 1
          ? `a quote is not closed${where}`
          : `${JSON.stringify(part)} is not kind "name"${where}`
        : `${JSON.stringify(part)} has no quoted name${where}`;
      throw syntaxError(target, problem);
    }
    let name: string;
    try {
      name = JSON.parse(match[2]!) as string;
    } catch {
      throw syntaxError(target, `${match[2]} is not a valid quoted name${where}`);
    }
    return { kind: match[1]!, key: name };
  });
}

/** The addresses of `--target` options, parsed before anything is read. */
export const parseTargets = (targets: readonly string[] | undefined): Address[] | undefined =>
  targets?.map(parseTargetAddress);
