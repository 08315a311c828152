// The list envelope with an opaque cursor. The cursor encodes the offset into the list as it is
// ordered at the time of the call; it is base64url so clients treat it as opaque.

import { badRequest } from "./http-error.ts";

/** Page size when the request carries no `limit`: small on purpose, so clients must paginate. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

function readLimit(query: URLSearchParams): number {
  const raw = query.get("limit");
  if (raw === null) return DEFAULT_PAGE_SIZE;
  if (!/^\d+$/.test(raw)) throw badRequest(`limit: must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  const limit = Number(raw);
  if (limit < 1 || limit > MAX_PAGE_SIZE)
    throw badRequest(`limit: must be from 1 to ${MAX_PAGE_SIZE}, got ${raw}`);
  return limit;
}

function readOffset(query: URLSearchParams): number {
  const page = query.get("page");
  if (page === null || page === "") return 0;
  const decoded = Buffer.from(page, "base64url").toString("utf8");
  const match = /^o:(\d+)$/.exec(decoded);
  if (!match) throw badRequest("page: not a valid page cursor");
  return Number(match[1]);
}

export interface ListEnvelope<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** Slices one page out of `items`; `count` is the total number of items in the list. */
export function paginate<T, R>(
  query: URLSearchParams,
  items: readonly T[],
  render: (item: T) => R,
): ListEnvelope<R> {
  const limit = readLimit(query);
  const offset = readOffset(query);
  const page = items.slice(offset, offset + limit).map(render);
  const envelope: ListEnvelope<R> = { items: page, count: items.length };
  if (offset + limit < items.length) {
    envelope.next = { page: Buffer.from(`o:${offset + limit}`, "utf8").toString("base64url") };
  }
  return envelope;
}
