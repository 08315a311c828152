// Nesting of collections: a collection names its parent by title (a configured collection) or by
// live id. The API refuses a parent that is the collection itself or inside it, so a cycle of
// configured parents is reported while the configuration is read, at the first of its items, and
// moves that reverse live nesting are ordered by the live tree.

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

/**
 * The claim that orders moves which reverse nesting: a collection moved into one inside its live
 * subtree waits for the moves that take each collection on the way up out of it (live B in A,
 * configured A in B: B moves out first), else the API refuses a collection inside itself. Each
 * such wait goes to a collection deeper in the live tree, so they never form a cycle.
 */
export const movedOut = (id: string) => `collection moved out:${id}`;

/**
 * The live collections from `id` up to, not including, `ancestor`, by live `parentOf` ids;
 * none when `id` is not below `ancestor`.
 */
export function liveChainBelow(
  id: string,
  ancestor: string,
  parentOf: ReadonlyMap<string, string | undefined>,
): string[] {
  const chain: string[] = [];
  for (let at: string | undefined = id; at !== undefined; at = parentOf.get(at)) {
    if (at === ancestor) return chain;
    if (chain.includes(at)) return [];
    chain.push(at);
  }
  return [];
}
