// Small helpers the kinds share while they read their configuration.

import type { Located } from "../model/desired.ts";

/** The items of the list under `key` in a located container, each located; undefined when absent. */
export function listAt<T>(container: Located<unknown>, key: string): Located<T>[] | undefined {
  const list = (container.value as Record<string, unknown> | null)?.[key] as T[] | undefined;
  if (list === undefined) return undefined;
  const located: Located<T>[] = new Array(list.length);
  for (let index = 0; index < list.length; index++) {
    located[index] = { value: list[index] as T, file: container.file, path: [...container.path, key, index] };
  }
  return located;
}

/** The entries whose value is not undefined, so optional fields stay absent rather than undefined. */
export function defined<T extends object>(fields: T): Partial<T> {
  const present: Partial<T> = {};
  for (const key in fields) if (fields[key] !== undefined) present[key] = fields[key];
  return present;
}
