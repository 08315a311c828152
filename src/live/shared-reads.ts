// One read of the live state asks the API once for each path: two kinds that need the same
// facts (the organization's members, the user the token runs as) share one request, so that a
// plan stays one read per list page. That reader is the run's: it carries the run's memo too,
// which the planner of the same run is given (PlanOptions.run).

import type { LiveReader } from "../api/client-types.ts";
import type { RunReader } from "../kinds/types.ts";
import { runMemo } from "../model/scope.ts";

type Query = Parameters<LiveReader["get"]>[1];

/** A reader for one run of `client`: nothing read or worked out is shared with another run. */
export function sharedReads(client: LiveReader): RunReader {
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
  const shared: RunReader = {
    ...runMemo(),
    get: <T>(path: string, query?: Query) => once("GET", path, query, () => client.get<T>(path, query)),
    list: <T>(path: string, query?: Query) => once("LIST", path, query, () => client.list<T>(path, query)),
  };
  // Connections opened ahead of the next level of the read still reach the client.
  if (client.prepare) shared.prepare = (requests) => client.prepare?.(requests);
  return shared;
}
