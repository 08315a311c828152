// URL path segments: the patterns the API accepts, and the slugs the emulator derives from
// titles when the caller does not choose a path.

/** One URL segment: site basename, section path and site space path. */
export const SEGMENT_PATTERN = /^[A-Za-z0-9._~-]+$/;
export const SEGMENT_PATTERN_TEXT = "^[A-Za-z0-9._~-]+$ (one URL segment)";
export const PATH_MAX = 100;

/** A redirect source: an absolute path of non-empty segments, no trailing slash. */
export const SOURCE_PATTERN = /^(?:\/(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})+)+$/;
export const SOURCE_PATTERN_TEXT =
  "an absolute path like /a/b: segments of unreserved characters or percent-encoded bytes, no trailing /";
export const SOURCE_MAX = 512;

/**
 * Lowercase ASCII letters and digits joined by single dashes; `fallback` when the title has
 * none (e.g. a title in a non-Latin script). Leaves room for a `-N` suffix within PATH_MAX.
 */
export function slugify(title: string, fallback: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, PATH_MAX - 10)
    .replace(/-+$/, "");
  return slug === "" ? fallback : slug;
}

/** `base`, or `base-2`, `base-3`… : the first that none of `taken` uses. */
export function uniquePath(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
