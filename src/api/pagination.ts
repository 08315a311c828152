// Walks a paged listing: one request per page, following the opaque `next.page` cursor until the
// service stops giving one. The spec does not say how the last page looks, so a missing `next`,
// `null`, `{}` and an empty cursor all mean "done".

import { ApiError } from "./errors.ts";

/** The largest page the API serves (spec section 8); fewer pages means fewer requests. */
export const MAX_PAGE_SIZE = 1000;

export interface FetchedPage {
  status: number;
  body: unknown;
}

export async function walkPages<T>(
  path: string,
  fetchPage: (cursor: string | undefined) => Promise<FetchedPage>,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const { status, body } = await fetchPage(cursor);
    const page = asPage(body);
    if (page === undefined) {
      throw new ApiError(
        { method: "GET", path, status, unreadable: true },
        `GET ${path} returned a response without an "items" array; expected a paged list.`,
      );
    }
    items.push(...(page.items as T[]));
    cursor = nextCursor(page.next);
    if (cursor !== undefined) {
      // A cursor seen before would loop forever; better to stop with a clear error.
      if (seen.has(cursor)) {
        throw new ApiError(
          { method: "GET", path, status, unreadable: true },
          `GET ${path} returned the same page cursor twice.`,
        );
      }
      seen.add(cursor);
    }
  } while (cursor !== undefined);
  return items;
}

function asPage(body: unknown): { items: unknown[]; next?: unknown } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const record = body as { items?: unknown; next?: unknown };
  return Array.isArray(record.items) ? { items: record.items, next: record.next } : undefined;
}

function nextCursor(next: unknown): string | undefined {
  if (typeof next !== "object" || next === null) return undefined;
  const page = (next as { page?: unknown }).page;
  if (typeof page === "number") return String(page);
  return typeof page === "string" && page !== "" ? page : undefined;
}
