// Fingerprints of the live items a plan was made from, so that a saved plan can tell, before it
// is applied, whether any of them changed since. Each read is recorded with its path, so that
// checking re-reads exactly those lists and objects, and nothing else.

import { createHash } from "node:crypto";
import type { LiveReader } from "../api/client-types.ts";
import { ApiError } from "../api/errors.ts";

export interface RecordedRead {
  path: string;
  /** A list: the fingerprint and a label of each item, by its identity (itemKeys). */
  items?: Record<string, { hash: string; label: string }>;
  /** A single object (e.g. an adaptive schema): its fingerprint. */
  hash?: string;
}

/** JSON with sorted keys, so that the same object always gives the same fingerprint. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const fingerprint = (value: unknown): string =>
  createHash("sha256").update(canonical(value)).digest("hex").slice(0, 16);

/** What people call an item: its title, path, source, label or name, whichever it has. */
function labelOf(item: Record<string, unknown>): string {
  for (const field of ["title", "path", "source", "label", "name", "email"]) {
    if (typeof item[field] === "string") return item[field] as string;
  }
  return "";
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const hasId = (value: unknown): value is Record<string, unknown> & { id: string | number } =>
  isObject(value) && (typeof value.id === "string" || typeof value.id === "number");

/**
 * What an item of a list is: its own id; else, for items that only relate things (a grant
 * `{permission, user}`, a membership `{team, member}`), the ids of the objects it names
 * (`user:usr_ada`); else, as a last resort, its position in the list. Each key is unique in
 * its list, so that no item hides another.
 */
export function itemKeys(items: readonly unknown[]): { key: string; label: string }[] {
  const seen = new Map<string, number>();
  return items.map((item, index) => {
    let key: string;
    let label = "";
    if (hasId(item)) {
      key = String(item.id);
      label = labelOf(item);
    } else if (isObject(item)) {
      const named = Object.keys(item)
        .sort()
        .filter((field) => hasId(item[field]));
      key =
        named.length > 0
          ? named.map((field) => `${field}:${(item[field] as { id: unknown }).id}`).join(",")
          : `#${index}`;
      label =
        named.map((field) => labelOf(item[field] as Record<string, unknown>)).find(Boolean) ?? labelOf(item);
    } else {
      key = `#${index}`;
    }
    // Two items with one identity (which a service should not send): both are kept.
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return { key: count === 1 ? key : `${key}#${count}`, label };
  });
}

function listRecord(path: string, items: unknown[]): RecordedRead {
  const record: RecordedRead["items"] = {};
  const keys = itemKeys(items);
  items.forEach((item, index) => {
    const { key, label } = keys[index]!;
    record[key] = { hash: fingerprint(item), label };
  });
  return { path, items: record };
}

/** A reader that records what it reads. */
export function recordingReader(reader: LiveReader): { reader: LiveReader; reads: RecordedRead[] } {
  const reads: RecordedRead[] = [];
  return {
    reads,
    reader: {
      ...(reader.prepare ? { prepare: reader.prepare.bind(reader) } : {}),
      async list<T>(
        path: string,
        query?: Record<string, string | number | boolean | undefined>,
      ): Promise<T[]> {
        const items = await reader.list<T>(path, query);
        reads.push(listRecord(path, items));
        return items;
      },
      async get<T>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<T> {
        const value = await reader.get<T>(path, query);
        reads.push({ path, hash: fingerprint(value) });
        return value;
      },
    },
  };
}

/** Whether an item's key (itemKeys: `id`, or `team:id,…`) names one of `ids`. */
const keyNames = (key: string, ids: ReadonlySet<string>) =>
  ids.has(key) || key.split(",").some((part) => ids.has(part.slice(part.indexOf(":") + 1)));

/** Whether a path names one of `ids` (`/collections/col_x/spaces`). */
const pathNames = (path: string, ids: ReadonlySet<string>) =>
  path.split("/").some((segment) => ids.has(decodeURIComponent(segment)));

/**
 * Re-reads the recorded paths; returns one line per item that changed, appeared or went away.
 * `deleted`: ids of the items the plan deletes (with what the service takes along): one that is
 * gone already, and a read below it that no longer exists, is what the plan makes, no change.
 */
export async function staleItems(
  reader: LiveReader,
  reads: readonly RecordedRead[],
  deleted: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const problems: string[] = [];
  // What the plan read from may be gone (a site deleted by hand): that is a change too.
  const gone = (read: RecordedRead) => (error: unknown) => {
    if (error instanceof ApiError && error.status === 404) {
      if (!pathNames(read.path, deleted)) problems.push(`${read.path} no longer exists`);
      return undefined;
    }
    throw error;
  };
  await Promise.all(
    reads.map(async (read) => {
      if (read.hash !== undefined) {
        const value = await reader.get(read.path).catch(gone(read));
        if (value !== undefined && fingerprint(value) !== read.hash) problems.push(`${read.path} changed`);
        return;
      }
      const items = await reader.list(read.path).catch(gone(read));
      if (items === undefined) return;
      const now = listRecord(read.path, items).items!;
      const before = read.items ?? {};
      const name = (id: string, label: string) => (label ? `${id} (${JSON.stringify(label)})` : id);
      for (const [id, item] of Object.entries(before)) {
        if (!now[id]) {
          if (!keyNames(id, deleted)) problems.push(`${read.path}: ${name(id, item.label)} was deleted`);
        } else if (now[id].hash !== item.hash) problems.push(`${read.path}: ${name(id, item.label)} changed`);
      }
      for (const [id, item] of Object.entries(now)) {
        if (!before[id]) problems.push(`${read.path}: ${name(id, item.label)} appeared`);
      }
    }),
  );
  return problems.sort();
}
