// Maps key paths of a configuration file back to 1-based line/column positions, so that every
// check can point at the exact place in the file. Positions are computed when one is read
// (yaml-document.ts): where each configured item was written is kept as its path until then.

import type { KeyPath, SourceLocation } from "../model/desired.ts";
import { type Diagnostic, formatPath } from "./diagnostics.ts";
import type { Positions } from "./yaml-document.ts";

export type { KeyPath };

export interface YamlFile {
  /** The name shown in messages: as the user gave it, or relative to the working folder. */
  name: string;
  /** Absolute path, for reading `${file:...}` relative to it. */
  path: string;
  positions: Positions;
}

/** A value of a file and where it is in the file. */
type Written = { file: YamlFile; path: KeyPath };

/** A location, and until its line and column are first read, what they are looked up from (a
 * list item's path is made when asked for). */
class Place {
  line = 0;
  column = 0;
  constructor(
    readonly file: string,
    public from: Written | undefined,
    readonly target: "value" | "key",
  ) {}
}
const FIELDS: readonly (string | symbol)[] = ["file", "line", "column"];
const field = (place: Place, key: string | symbol) => {
  if (place.from !== undefined && key !== "file") {
    const { file, path } = place.from;
    const offset = file.positions.offsetOf(path, place.target);
    ({ line: place.line, col: place.column } = file.positions.linePos(offset));
    place.from = undefined;
  }
  return place[key as "line"];
};
/** To every reader a plain object of the fields file, line and column (equal to one), whose line
 * and column are looked up when first read. A Proxy: an object with getters of its own costs far
 * more to make, and each of 100,000 redirects has a location. */
const LOOKED_UP_WHEN_READ: ProxyHandler<Place> = {
  get: (place, key) => (FIELDS.includes(key) ? field(place, key) : Reflect.get(Object.prototype, key)),
  has: (_, key) => FIELDS.includes(key) || key in Object.prototype,
  ownKeys: () => [...FIELDS],
  getOwnPropertyDescriptor: (place, key) =>
    FIELDS.includes(key)
      ? { value: field(place, key), writable: true, enumerable: true, configurable: true }
      : undefined,
  getPrototypeOf: () => Object.prototype,
};

/** Where `item` was written: where its value starts (or its key, with target "key"). A path that
 * goes past what the file holds stops at the deepest node that exists. */
export function locate(item: Written, target: "value" | "key" = "value"): SourceLocation {
  return new Proxy(new Place(item.file.name, item, target), LOOKED_UP_WHEN_READ);
}

export function diagnosticAt(
  file: YamlFile,
  path: KeyPath,
  message: string,
  target: "value" | "key" = "value",
): Diagnostic {
  const { line, column } = locate({ file, path }, target);
  return { file: file.name, line, column, path: formatPath(path), message };
}

/** "line 12" within the same file, "other.yaml:12:3" across files: where a first occurrence is. */
export function where(item: { file: YamlFile; path: KeyPath }, from: YamlFile): string {
  const at = locate(item);
  return item.file === from ? `line ${at.line}` : `${at.file}:${at.line}:${at.column}`;
}
