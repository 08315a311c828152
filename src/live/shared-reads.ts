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
  const shared: LiveReader = {
    get: <T>(path: string, query?: Query) => once("GET", path, query, () => client.get<T>(path, query)),
    list: <T>(path: string, query?: Query) => once("LIST", path, query, () => client.list<T>(path, query)),
  };
  // Connections opened ahead of the next level of the read still reach the client.
  if (client.prepare) shared.prepare = (requests) => client.prepare?.(requests);
  return shared;
}
