// Small helpers the kinds share while they read their configuration.

import type { Located } from "../model/desired.ts";
import type { CheckContext } from "./types.ts";

/** An item of a list, located: its key path is made when asked for (a diagnostic, a position),
 * since a list may hold 100,000 items. */
class ListItem<T> implements Located<T> {
  constructor(
    readonly value: T,
    private readonly container: Located<unknown>,
    private readonly key: string,
    private readonly index: number,
  ) {}
  get file(): unknown {
    return this.container.file;
  }
  get path(): (string | number)[] {
    return [...this.container.path, this.key, this.index];
  }
}

/** The value under `key` of a configuration value, when it is a mapping that has one. */
export function fieldOf(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  return Object.getOwnPropertyDescriptor(value, key)?.value;
}

/**
 * The items of the list under `key` in a located container, each located; undefined when absent.
 * `T` is what the JSON Schema has let through at that place.
 */
export function listAt<T>(container: Located<unknown>, key: string): Located<T>[] | undefined {
  const list = fieldOf(container.value, key);
  if (!Array.isArray(list)) return undefined;
  // The checks and the resolver each walk the lists: they share the located items of a list met
  // again at the same place (an alias may put one list in several), which no reader changes.
  const known = LOCATED.get(list);
  if (known !== undefined && samePlace(known.container, container)) return known.items as Located<T>[];
  const located: Located<T>[] = new Array(list.length);
  for (let index = 0; index < list.length; index++)
    located[index] = new ListItem<T>(list[index], container, key, index);
  LOCATED.set(list, { container, items: located });
  return located;
}

/** The located items of each list read, by the list, with the container they were read in. */
const LOCATED = new WeakMap<unknown[], { container: Located<unknown>; items: Located<unknown>[] }>();

function samePlace(a: Located<unknown>, b: Located<unknown>): boolean {
  if (a === b) return true;
  if (a.file !== b.file) return false;
  const [pathA, pathB] = [a.path, b.path];
  return pathA.length === pathB.length && pathA.every((segment, index) => segment === pathB[index]);
}

/** The entries whose value is not undefined, so optional fields stay absent rather than undefined. */
export function defined<T extends object>(fields: T): Partial<T> {
  const present: Partial<T> = {};
  for (const key in fields) if (fields[key] !== undefined) present[key] = fields[key];
  return present;
}

/** Reports a second `default: true` among a container's items. */
export function checkSingleDefault(
  items: readonly Located<{ default?: boolean }>[],
  what: string,
  ctx: CheckContext,
): void {
  const [first, ...extras] = items.filter((i) => i.value.default === true);
  if (first === undefined) return;
  for (const extra of extras) {
    ctx.report(
      extra,
      ["default"],
      `more than one default ${what} (first at ${ctx.where(first, "default", extra)})`,
    );
  }
}
