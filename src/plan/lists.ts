// Most calls wait for nothing: their lists of calls to wait for are made on the first one.

/** `list` extended by `items`; a new list when there is none yet. */
export function extended(list: string[] | undefined, items: readonly string[]): string[] {
  const into = list ?? [];
  for (const item of items) into.push(item);
  return into;
}
