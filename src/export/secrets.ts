// Secrets kept out of an exported configuration, which is meant to be committed. A value of a
// field the kind calls sensitive (a SAML certificate), a PEM block, and the secret-looking parts
// of URLs (a query parameter named like a secret, `?token=…`; the password of user-info; the
// path segment after `/token/`; a path segment or query value that looks random, see
// secret-shapes.ts) are written as `${VARIABLE}` interpolations instead, and the variables listed
// for the user to set to the live values. Names come from the item and the part, so one export
// always gives the same names, and two parts never share one. A part that could be a secret or
// not (a long hex string) is written as it is, and named, masked, in a warning.

import type { AnyKind } from "../kinds/types.ts";
import { namedLikeSecret, wordsOf } from "../secrets/names.ts";
import { judgePart } from "./secret-shapes.ts";

/** A value written as an interpolation: literal text, and variables between it. */
export class Interpolation {
  constructor(readonly parts: readonly (string | { variable: string })[]) {}

  /** Whether the value is one variable and nothing else. */
  get whole(): boolean {
    return this.parts.length === 1 && typeof this.parts[0] !== "string";
  }

  /** As written, but for the `$${` escapes of the literal text. */
  toString(): string {
    return this.parts.map((part) => (typeof part === "string" ? part : `\${${part.variable}}`)).join("");
  }
}

export interface SecretVariable {
  name: string;
  /** What its value is, for people. */
  holds: string;
}

/** The exported item whose configuration is looked at. */
export interface SecretHolder {
  kind: AnyKind;
  /** Its natural key, which names its variables. */
  key: string;
  /** Its address, which says where the variable's value belongs. */
  address: string;
}

/** A secret part of a text: where it is, and what to call it. */
interface Part {
  at: number;
  length: number;
  name: string;
  holds: string;
  /** A part that may be a secret or not: written as it is, and named in a warning. */
  unsure?: true;
}

/** A part in a text, with the URL it is in. */
interface PartInText extends Part {
  url: { at: number; text: string };
}

/** URLs in a text, up to a space or a quote; punctuation that ends a sentence is not theirs. */
const URL_IN_TEXT = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;
const PEM = /-----BEGIN [^-\r\n]+-----[\s\S]*?-----END [^-\r\n]+-----/;
/** Words of an item's key that go into a variable's name. */
const KEY_WORDS_MAX = 6;

export class SecretsKeptOut {
  readonly variables: SecretVariable[] = [];
  /** The live values written as variables: the export's warnings never show one. */
  readonly values: string[] = [];
  /** The parts that could be secrets, written as they are: one warning each, the part masked. */
  readonly warnings: string[] = [];
  private readonly taken = new Set<string>();
  /** Configurations already looked at: an item's holds its children's, looked at first. */
  private readonly seen = new WeakSet<object>();

  /** Writes the secret parts of an exported item's configuration as interpolations. */
  keepOut(config: Record<string, unknown>, given: SecretHolder): void {
    // A key may hold a secret too (a title with a URL in it): never in a name or a description.
    const holder = { ...given, key: masked(given.key, ""), address: masked(given.address, "…") };
    const sensitive = holder.kind.config.sensitive ?? [];
    for (const [field, value] of Object.entries(config)) {
      if (sensitive.includes(field) && typeof value === "string" && value !== "") {
        const name = this.name(holder, [field], { secretByField: true });
        config[field] = this.variable(name, value, `the ${field} of ${holder.address}`);
      } else {
        config[field] = this.visit(value, holder, field);
      }
    }
    this.seen.add(config);
  }

  /** The value with its secrets written as variables; a list or mapping is copied only when one
   * changes, since live values are shared with the other passes of the export. */
  private visit(value: unknown, holder: SecretHolder, field: string): unknown {
    if (typeof value === "string") return this.inText(value, holder, field);
    if (typeof value !== "object" || value === null || value instanceof Interpolation) return value;
    if (this.seen.has(value)) return value;
    if (Array.isArray(value)) {
      const items = value.map((item) => this.visit(item, holder, field));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    const entries = Object.entries(value).map(([key, item]) => [
      key,
      this.visit(item, holder, `${field}.${key}`),
    ]);
    const changed = entries.some(([key, item]) => item !== (value as Record<string, unknown>)[key as string]);
    return changed ? Object.fromEntries(entries) : value;
  }

  private inText(text: string, holder: SecretHolder, field: string): string | Interpolation {
    if (PEM.test(text)) {
      const name = this.name(holder, [field], { secretByField: false });
      return this.variable(name, text, `the certificate or key in ${field} of ${holder.address}`);
    }
    const found = secretPartsIn(text);
    for (const part of found) if (part.unsure) this.warnUnsure(part, holder, field);
    const parts = found.filter((part) => !part.unsure);
    if (parts.length === 0) return text;
    const pieces: (string | { variable: string })[] = [];
    let from = 0;
    for (const part of parts) {
      if (part.at > from) pieces.push(text.slice(from, part.at));
      const value = text.slice(part.at, part.at + part.length);
      const name = this.name(holder, [part.name], { secretByField: false });
      this.record(name, value, `${part.holds} in ${field} of ${holder.address}`);
      pieces.push({ variable: name });
      from = part.at + part.length;
    }
    if (from < text.length) pieces.push(text.slice(from));
    return new Interpolation(pieces);
  }

  private warnUnsure(part: PartInText, holder: SecretHolder, field: string): void {
    const { url } = part;
    const start = part.at - url.at;
    const shown = `${url.text.slice(0, start)}…${url.text.slice(start + part.length)}`;
    this.warnings.push(
      `${field} of ${holder.address}: ${part.holds} of ${shown} (shown as …) may be a secret or not; ` +
        "it is written as it is: if it is a secret, write an interpolated variable in its place and set it",
    );
  }

  private variable(name: string, value: string, holds: string): Interpolation {
    this.record(name, value, holds);
    return new Interpolation([{ variable: name }]);
  }

  private record(name: string, value: string, holds: string): void {
    this.variables.push({ name, holds });
    this.values.push(value);
  }

  /**
   * `OPENAPI_PAYMENTS_API_TOKEN`: the first word of the kind, the words of the item's key and
   * those of the part. A name the configuration would not take for a secret's (which only a field
   * the kind calls sensitive may have) ends in `_SECRET`; a name taken already, in `_2`, `_3`, ….
   */
  private name(holder: SecretHolder, part: string[], { secretByField }: { secretByField: boolean }): string {
    const kindWord = holder.kind.kind.split(/\s+/)[0] ?? "";
    const keyWords = wordsOf(plainLetters(holder.key)).slice(0, KEY_WORDS_MAX);
    const words = [kindWord, ...keyWords, ...part.flatMap((text) => wordsOf(plainLetters(text)))];
    let base = words
      .join("_")
      .replace(/[^A-Za-z0-9_]/g, "")
      .toUpperCase();
    if (!secretByField && !namedLikeSecret(base)) base = `${base}_SECRET`;
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`;
    this.taken.add(name);
    return name;
  }

  /** Lines for the file's header: the variables to set, or none. */
  headerLines(): string[] {
    if (this.variables.length === 0) return [];
    return [
      "Secrets are kept out of this file. Set these environment variables to their live values",
      "before docsync reads it:",
      ...this.variables.map((variable) => `  ${variable.name}: ${variable.holds}`),
    ];
  }
}

/** The secret parts of the URLs in a text, and those that may be, in order. */
function secretPartsIn(text: string): PartInText[] {
  if (!text.includes("://")) return [];
  const parts: PartInText[] = [];
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    for (const part of secretPartsOf(url))
      parts.push({ ...part, at: part.at + match.index, url: { at: match.index, text: url } });
  }
  return parts;
}

/** The text with the secret parts of its URLs replaced by `mask`. */
function masked(text: string, mask: string): string {
  let result = text;
  for (const part of secretPartsIn(text).reverse())
    if (!part.unsure) result = `${result.slice(0, part.at)}${mask}${result.slice(part.at + part.length)}`;
  return result;
}

/** Letters without their accents: `Équipe` → `Equipe`. */
function plainLetters(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * The secret parts of a URL, by their place in it: the password of its user-info (or the
 * user-info itself, a token used as a user name), the path segment after a segment named like a
 * secret (`/token/…`), and the values of query and fragment parameters named like a secret; then
 * path segments and parameter values that look like a secret by their shape (secret-shapes.ts),
 * and those that may be one (`unsure`).
 */
export function secretPartsOf(url: string): Part[] {
  const parts: Part[] = [];
  const start = url.indexOf("://") + 3;
  const authorityEnd = findFrom(url, /[/?#]/, start);
  const userInfoEnd = url.lastIndexOf("@", authorityEnd - 1);
  if (userInfoEnd >= start) {
    const colon = url.indexOf(":", start);
    const withPassword = colon !== -1 && colon < userInfoEnd;
    const at = withPassword ? colon + 1 : start;
    if (userInfoEnd > at) {
      const [name, holds] = withPassword
        ? ["password", `the password of user ${JSON.stringify(decoded(url.slice(start, colon)))}`]
        : ["credential", "the user-info (a credential)"];
      parts.push({ at, length: userInfoEnd - at, name, holds });
    }
  }
  const hash = url.indexOf("#", authorityEnd);
  const question = url.indexOf("?", authorityEnd);
  const pathEnd = [question, hash].filter((at) => at !== -1).reduce((a, b) => Math.min(a, b), url.length);
  parts.push(...pathSegmentParts(url, authorityEnd, pathEnd));
  if (question !== -1 && (hash === -1 || question < hash)) {
    parts.push(...secretParameters(url, question + 1, hash === -1 ? url.length : hash, "query"));
  }
  if (hash !== -1) parts.push(...secretParameters(url, hash + 1, url.length, "fragment"));
  return parts;
}

/** Letters and dashes only: a word of a path, which a name before it does not make a secret. */
const WORD = /^[A-Za-z-]+$/;

/** The path segments between `from` and `to` that are, or may be, secrets. */
function pathSegmentParts(url: string, from: number, to: number): Part[] {
  const parts: Part[] = [];
  let at = from + 1;
  let previous = "";
  for (const segment of url.slice(from + 1, to).split("/")) {
    if (segment !== "" && from < to) {
      const after = previous !== "" && namedLikeSecret(decoded(previous));
      const where = { at, length: segment.length };
      if (after) {
        const holds = `the path segment after /${decoded(previous)}/`;
        const name = decoded(previous);
        parts.push(WORD.test(segment) ? { ...where, name, holds, unsure: true } : { ...where, name, holds });
      } else {
        const verdict = judgePart(segment);
        if (verdict === "secret")
          parts.push({ ...where, name: "path", holds: "a random-looking path segment" });
        if (verdict === "unsure")
          parts.push({
            ...where,
            name: "path",
            holds: "a long path segment of letters and digits",
            unsure: true,
          });
      }
    }
    previous = segment;
    at += segment.length + 1;
  }
  return parts;
}

/**
 * The values of `name=value` parameters between `from` and `to` whose names say they are
 * secrets, or whose values look like one (or may).
 */
function secretParameters(url: string, from: number, to: number, where: string): Part[] {
  const parts: Part[] = [];
  let at = from;
  for (const parameter of url.slice(from, to).split("&")) {
    const equals = parameter.indexOf("=");
    if (equals > 0 && equals < parameter.length - 1) {
      const name = decoded(parameter.slice(0, equals));
      const value = { at: at + equals + 1, length: parameter.length - equals - 1, name };
      const holds = `the ${JSON.stringify(name)} ${where} parameter`;
      const verdict = namedLikeSecret(name) ? "secret" : judgePart(parameter.slice(equals + 1));
      if (verdict === "secret") parts.push({ ...value, holds });
      if (verdict === "unsure") parts.push({ ...value, holds, unsure: true });
    }
    at += parameter.length + 1;
  }
  return parts;
}

function findFrom(text: string, pattern: RegExp, from: number): number {
  const found = text.slice(from).search(pattern);
  return found === -1 ? text.length : from + found;
}

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}
