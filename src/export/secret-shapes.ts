// Whether a part of a URL that no name marks as a secret (a path segment, a query value) looks
// like one: a key or a token is a long run of letters and digits that change at random, which
// words, versions, dates, ids and file names are not. Some long strings could be either (a
// commit SHA or a key of hex digits): those are written as they are, and the export says so.

/** What a part looks like: a secret, something that could be one, or ordinary text. */
export type Verdict = "secret" | "unsure" | "plain";

/** Shorter runs are words, numbers, short ids: never judged. */
export const UNSURE_LENGTH = 16;
/** A run this long that passes the tests below is taken for a key or a token. */
export const SECRET_LENGTH = 20;
/** Bits of entropy per character, of the characters' own frequencies: 20 random base62 characters have about 4. */
export const MIN_ENTROPY = 3.5;
/**
 * How often, from one character to the next, a random string changes between upper case, lower
 * case and digits: about 0.6 for base62; CamelCase words with a version (`UserGuideV2Final2024`) change about 0.3.
 */
export const MIN_CLASS_CHANGES = 0.45;

const HEX = /^[0-9a-f]+$|^[0-9A-F]+$/;

/** Shannon entropy of the text's characters, in bits per character. */
export function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const classOf = (char: string): string => (/[0-9]/.test(char) ? "d" : /[a-z]/.test(char) ? "l" : "u");

/** The share of neighbouring letters and digits that are of different classes. */
export function classChanges(run: string): number {
  if (run.length < 2) return 0;
  let changes = 0;
  for (let at = 1; at < run.length; at++) if (classOf(run[at]!) !== classOf(run[at - 1]!)) changes++;
  return changes / (run.length - 1);
}

/** The verdict on one run of letters and digits. */
function judgeRun(run: string): Verdict {
  if (run.length < UNSURE_LENGTH || !/[0-9]/.test(run) || !/[A-Za-z]/.test(run)) return "plain";
  // A commit SHA, a content digest, or a key written in hex: nothing tells them apart.
  if (HEX.test(run)) return "unsure";
  const random =
    run.length >= SECRET_LENGTH && entropy(run) >= MIN_ENTROPY && classChanges(run) >= MIN_CLASS_CHANGES;
  return random ? "secret" : "unsure";
}

const RANK: Record<Verdict, number> = { plain: 0, unsure: 1, secret: 2 };

/**
 * The verdict on a path segment or a query value: the strongest of its runs of letters and digits
 * (`sk_live_4eC39HqLyjWDarjtT1zdp7dc` is a secret by its last run). Percent-escapes and the
 * punctuation of words, versions, UUIDs and file names (`-_.~`) separate runs; `+`, `/` and `=`
 * of base64, as they are or percent-encoded, do not, since a token holds them.
 */
export function judgePart(text: string): Verdict {
  let verdict: Verdict = "plain";
  const base64Kept = text.replace(/%2[BbFf]|%3[Dd]/g, "");
  for (const piece of base64Kept.split(/%[0-9A-Fa-f]{2}|[-_.~!$&'()*,;:@]/)) {
    const run = piece.replace(/[+/=]/g, "");
    const found = judgeRun(run);
    if (RANK[found] > RANK[verdict]) verdict = found;
  }
  return verdict;
}
