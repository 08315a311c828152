// The forms a secret may take in a text that docsync did not write itself: an error message
// that quotes it JSON-escaped, percent-encoded (a token in a URL the service normalized) or
// with its line breaks changed or collapsed, a PEM file read with a trailing newline but quoted
// without it, or only the base64 body of a PEM, whole or line by line.

/** Shorter strings are too common to replace without wrecking the text they occur in. */
export const MIN_SECRET_LENGTH = 4;

const PEM_BLOCK = /-----BEGIN [^-\r\n]+-----([\s\S]*?)-----END [^-\r\n]+-----/g;

/** The whole value, each way it may have been rewritten on its way into a text. */
function wholeForms(secret: string): string[] {
  const lf = secret.replace(/\r\n?/g, "\n");
  const variants = [secret, lf, lf.replace(/\n/g, "\r\n")];
  variants.push(...variants.map((variant) => variant.trim()));
  variants.push(secret.trim().replace(/\s+/g, " "));
  return variants;
}

/** The base64 bodies of the PEM blocks in a secret: each line, and the lines joined. */
function pemBodies(secret: string): string[] {
  const forms: string[] = [];
  for (const [, body = ""] of secret.matchAll(PEM_BLOCK)) {
    const lines = body
      .split(/\s+/)
      .map((line) => line.trim())
      .filter((line) => line !== "");
    forms.push(...lines, lines.join(""));
  }
  return forms;
}

/** JSON text holds a string's characters escaped: `\n` as a backslash and an `n`, `"` as `\"`. */
const jsonEscaped = (text: string): string => JSON.stringify(text).slice(1, -1);

/** A URL holds a value's characters percent-encoded, all of them or only those a URL may not hold. */
const percentEncoded = (text: string): string[] => [encodeURIComponent(text), encodeURI(text)];

/** Every literal form of a secret worth looking for, longest first. */
export function literalForms(secret: string): string[] {
  const plain = [...wholeForms(secret), ...pemBodies(secret)];
  const forms = new Set<string>();
  for (const form of [...plain, ...plain.map(jsonEscaped), ...percentEncoded(secret)]) {
    if (form.length >= MIN_SECRET_LENGTH) forms.add(form);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * How many base64 characters of a secret in a row count as a piece of it: long enough that
 * no unrelated text holds them by chance, short enough to catch a quote that was cut off or
 * re-wrapped.
 */
export const FRAGMENT_LENGTH = 16;

/** Runs of the base64 alphabet: the characters a certificate or a token is made of. */
export const BASE64_RUN = /[A-Za-z0-9+/=]+/g;

/** Every FRAGMENT_LENGTH-character window of the secret's base64 runs, PEM bodies joined too. */
export function fragments(secret: string): string[] {
  const windows: string[] = [];
  const texts = [secret, ...pemBodies(secret)];
  for (const [run] of texts.join("\n").matchAll(BASE64_RUN)) {
    for (let start = 0; start + FRAGMENT_LENGTH <= run.length; start++) {
      windows.push(run.slice(start, start + FRAGMENT_LENGTH));
    }
  }
  return windows;
}
