// A create refused with 409 because its unique key was just taken: two runs at once made the same
// item, and the second's create finds it there. Re-read, the item is this create's result when it
// holds what the create would have made (`recover.match` and `recover.adopt`), and the calls that
// need its id go on; otherwise the 409 stands.

import type { ApiEvent, ApiRequest } from "./client-types.ts";
import type { Failure } from "./errors.ts";
import { findCreated } from "./recovery.ts";

/** The item another run made as this create would have, or undefined. */
export async function takenByAnother(
  request: ApiRequest,
  path: string,
  failure: Failure,
  attempt: number,
  listAll: (path: string) => Promise<unknown[]>,
  emit: (event: ApiEvent) => void,
): Promise<Record<string, unknown> | undefined> {
  const { list, match, exclude, adopt } = request.recover!;
  let items: unknown[];
  try {
    items = await listAll(list);
  } catch {
    // The create was refused: nothing is unknown, only whether the item is the same.
    return undefined;
  }
  const result = findCreated(items, { list, match: { ...match, ...adopt }, ...(exclude ? { exclude } : {}) });
  if (result.kind !== "found") return undefined;
  const id = typeof result.item.id === "string" ? result.item.id : undefined;
  emit({ type: "adopted", method: request.method, path, attempt, list, id, reason: failure.reason });
  return result.item;
}
