// The parts of URLs that are secrets, or may be, by their place in the URL as it was read: the
// password of user-info, parameters and path segments named like a secret, and parts that look
// like one by their shape (secret-shapes.ts). The export writes them as variables.

import { namedLikeSecret } from "../secrets/names.ts";
import { judgePart } from "./secret-shapes.ts";

/** A secret part of a text: where it is, and what to call it. */
export interface Part {
  at: number;
  length: number;
  name: string;
  holds: string;
  /** A part that may be a secret or not: written as it is, and named in a warning. */
  unsure?: true;
}

/** A part in a text, with the URL it is in. */
export interface PartInText extends Part {
  url: { at: number; text: string };
}

/** URLs in a text, up to a space or a quote; punctuation that ends a sentence is not theirs. */
const URL_IN_TEXT = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'<>`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** The secret parts of the URLs in a text, and those that may be, in order. */
export function secretPartsIn(text: string): PartInText[] {
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
export function masked(text: string, mask: string): string {
  let result = text;
  for (const part of secretPartsIn(text).reverse())
    if (!part.unsure) result = `${result.slice(0, part.at)}${mask}${result.slice(part.at + part.length)}`;
  return result;
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
