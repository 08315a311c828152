// JSON with its keys sorted at every level and no spaces: the same value always gives the same
// text, so that texts can be compared and digested (saved plans' checksums, plans compared).
// Keys whose value is undefined are left out, as JSON.stringify leaves them out: a value and the
// same value read back from a file give the same text.

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(value)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
