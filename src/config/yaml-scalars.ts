// Scalars as the `yaml` package reads them with its default (YAML 1.2 core) schema: plain
// scalars resolved to null, booleans, numbers or strings by the same tests in the same order,
// and single-line quoted scalars with the same escapes. Anything else is reported as not
// handled (undefined), so that the caller leaves the file to the `yaml` package.

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Characters a plain scalar must start with to be a string without trying the other tags. */
const STRING_START = /^[A-EG-MO-SU-Za-eg-mo-su-z/_]/;

/** The value of a plain scalar; `undefined` for the YAML 1.1 merge key `<<`, which is not handled. */
export function resolvePlain(source: string): unknown {
  if (STRING_START.test(source)) return source;
  if (NULL.test(source)) return null;
  if (BOOL.test(source)) return source[0] === "t" || source[0] === "T";
  if (INT_OCT.test(source)) return Number.parseInt(source.substring(2), 8);
  if (INT.test(source)) return Number.parseInt(source, 10);
  if (INT_HEX.test(source)) return Number.parseInt(source.substring(2), 16);
  if (FLOAT_NAN.test(source)) {
    if (source.slice(-3).toLowerCase() === "nan") return Number.NaN;
    return source[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (FLOAT_EXP.test(source) || FLOAT.test(source)) return Number.parseFloat(source);
  if (source === "<<") return undefined;
  return source;
}

/** A quoted scalar read from `start` (at its opening quote): its value and the offset past its
 * closing quote, or undefined when it does not close before `end` or holds an unknown escape. */
export function readQuoted(
  text: string,
  start: number,
  end: number,
): { value: string; next: number } | undefined {
  return text[start] === "'" ? readSingle(text, start, end) : readDouble(text, start, end);
}

function readSingle(text: string, start: number, end: number): { value: string; next: number } | undefined {
  let value = "";
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf("'", from);
    if (quote === -1 || quote >= end) return undefined;
    value += text.slice(from, quote);
    if (text[quote + 1] !== "'") return { value, next: quote + 1 };
    value += "'";
    from = quote + 2;
  }
}

const ESCAPES: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
};
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };
const HEX = /^[0-9a-fA-F]+$/;

function readDouble(text: string, start: number, end: number): { value: string; next: number } | undefined {
  let value = "";
  let from = start + 1;
  for (let at = from; at < end; at++) {
    const c = text.charCodeAt(at);
    if (c === 0x22 /* " */) return { value: value + text.slice(from, at), next: at + 1 };
    if (c !== 0x5c /* \ */) continue;
    value += text.slice(from, at);
    const code = text[at + 1] ?? "";
    const simple = ESCAPES[code];
    if (simple !== undefined) {
      value += simple;
      at += 1;
    } else {
      const length = HEX_LENGTH[code];
      const hex = length === undefined ? "" : text.slice(at + 2, at + 2 + length);
      if (length === undefined || hex.length !== length || !HEX.test(hex)) return undefined;
      const point = Number.parseInt(hex, 16);
      if (point > 0x10ffff) return undefined;
      value += String.fromCodePoint(point);
      at += 1 + length;
    }
    from = at + 1;
  }
  return undefined;
}
