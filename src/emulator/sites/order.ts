// Moving items within an ordered list. One operation serves sections, site spaces and
// groups: take the moving items out (keeping their relative order) and put them back as one
// block before or after an anchor, or at the end.

export type Placement = { where: "end" } | { where: "before" | "after"; anchorId: string };

/** Reorders `list` in place. The anchor must be in `list` and not among `moving`. */
export function placeBlock<T extends { id: string }>(
  list: T[],
  moving: readonly T[],
  placement: Placement,
): void {
  const movingIds = new Set(moving.map((item) => item.id));
  const block = list.filter((item) => movingIds.has(item.id));
  const rest = list.filter((item) => !movingIds.has(item.id));
  let at = rest.length;
  if (placement.where !== "end") {
    const anchor = rest.findIndex((item) => item.id === placement.anchorId);
    if (anchor < 0) throw new Error(`anchor "${placement.anchorId}" is not in the list`);
    at = placement.where === "before" ? anchor : anchor + 1;
  }
  rest.splice(at, 0, ...block);
  list.splice(0, list.length, ...rest);
}
