// Nesting of collections: a collection names its parent by title (a configured collection) or by
// live id. The API refuses a parent that is the collection itself or inside it, so a cycle of
// configured parents is reported while the configuration is read, at the first of its items.

/** A cycle of titles through `parent` links, first title repeated at the end, or undefined. */
export function parentCycle(
  start: string,
  parentOf: ReadonlyMap<string, string | undefined>,
): string[] | undefined {
  const path: string[] = [];
  const seen = new Set<string>();
  let title: string | undefined = start;
  while (title !== undefined) {
    if (seen.has(title)) {
      // Only a cycle through `start` belongs to it; one further up is reported at its own items.
      return title === start ? [...path, title] : undefined;
    }
    seen.add(title);
    path.push(title);
    title = parentOf.get(title);
  }
  return undefined;
}

/**
 * Each cycle once, as found from the first of its titles in `order`: `[["A", "B", "A"]]` when A
 * sits in B and B in A.
 */
export function parentCycles(
  order: readonly string[],
  parentOf: ReadonlyMap<string, string | undefined>,
): string[][] {
  const reported = new Set<string>();
  const cycles: string[][] = [];
  for (const title of order) {
    if (reported.has(title)) continue;
    const cycle = parentCycle(title, parentOf);
    if (!cycle) continue;
    for (const member of cycle) reported.add(member);
    cycles.push(cycle);
  }
  return cycles;
}
