// One read of the live state asks the API once for each path: two kinds that need the same
// facts (the organization's members, the user the token runs as) share one request, so that a
// plan stays one read per list page.

import type { LiveReader } from "../api/client-types.ts";

type Query = Parameters<LiveReader["get"]>[1];

export function sharedReads(client: LiveReader): LiveReader {
  const reads = new Map<string, Promise<unknown>>();
  const once = <T>(method: string, path: string, query: Query, read: () => Promise<T>): Promise<T> => {
    const key = query === undefined ? `${method} ${path}` : `${method} ${path} ${JSON.stringify(query)}`;
    let found = reads.get(key) as Promise<T> | undefined;
    if (found === undefined) {
      found = read();
      reads.set(key, found);
    }
    return found;
  };
  return {
    // The walk still warms the connections for what it is about to read.
    ...(client.prepare ? { prepare: client.prepare.bind(client) } : {}),
    get: <T>(path: string, query?: Query) => once("GET", path, query, () => client.get<T>(path, query)),
    list: <T>(path: string, query?: Query) => once("LIST", path, query, () => client.list<T>(path, query)),
  };
}
