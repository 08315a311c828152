import type { LiveNode } from "./types.ts";

/** Live items that have nothing below them. */
export const leafNodes = <T>(items: readonly T[]): LiveNode<T>[] =>
  items.map((item) => ({ item, children: {} }));
