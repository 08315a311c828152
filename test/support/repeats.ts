// What the property tests count as duplicates: values that should be unique and are not.

/** `what value` for each value that `values` holds again after its first. */
export function repeats(what: string, values: readonly string[]): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) found.push(`${what} ${value}`);
    seen.add(value);
  }
  return found;
}
