// Secrets as one regular expression, for the places that look for any of them in a text: the
// redactor (in every form), the planner (which fields hold one) and saved plans (which strings to
// seal).

/** Shorter strings are too common to replace without wrecking the text they occur in. */
export const MIN_SECRET_LENGTH = 4;

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Any of the values, longest first (so that a whole value wins over a part of it), in one
 * capturing group, so that `text.split(pattern)` gives the secrets at the odd places. Values too
 * short to be told from ordinary text are left out, as the redactor leaves them out; undefined
 * when none is left.
 */
export function secretsPattern(values: Iterable<string>): RegExp | undefined {
  const worth = [...new Set(values)].filter((value) => value.trim().length >= MIN_SECRET_LENGTH);
  if (worth.length === 0) return undefined;
  worth.sort((a, b) => b.length - a.length);
  return new RegExp(`(${worth.map(escapeRegExp).join("|")})`);
}
