// A batch call of a plan (Call.batch) at apply time: sent as one request of the service's bulk
// operation, each result of its answer read back as the outcome of the item's own call. A
// service without the operation (404 or 405, remembered by the API client for the run) makes the
// batch give way to the items' own calls.

import { isRouteAbsent } from "../api/absent-route.ts";
import type { ApiClient } from "../api/client-types.ts";
import { ApiError } from "../api/errors.ts";
import type { ErrorCode } from "../errors.ts";
import { addressText } from "../model/address.ts";
import type { Call } from "../model/plan.ts";
import { pathText } from "../model/references.ts";
import { capturedId } from "./captures.ts";
import { fillBody, fillPath } from "./fill.ts";

export type BatchSent = { absent: true } | { absent: false; answer: unknown };

export async function sendBatch(
  client: ApiClient,
  call: Call,
  ids: ReadonlyMap<string, string>,
  signal: AbortSignal,
): Promise<BatchSent> {
  try {
    const answer = await client.send<unknown>({
      method: call.method,
      path: fillPath(call.path, ids),
      body: fillBody(call.body, call.ids, ids),
      optional: { route: call.batch!.route, instead: "one call per item of its body" },
      signal,
    });
    return { absent: false, answer };
  } catch (error) {
    if (error instanceof ApiError && isRouteAbsent(error)) return { absent: true };
    throw error;
  }
}

export type ItemOutcome =
  | { status: "done"; ids: Map<string, string> }
  | { call: Call; status: "failed"; error: string; code: ErrorCode };

/** One item's result (`{status, id?, error?}`) as the outcome of its call, with the ids it captures. */
export function batchItemOutcome(call: Call, result: unknown): ItemOutcome {
  const failed = (error: string, code: ErrorCode): ItemOutcome => ({ call, status: "failed", error, code });
  if (result === null || typeof result !== "object") {
    return failed(
      `${call.method} ${pathText(call.path)}: the bulk call's answer has no result for this item`,
      "api.bad-answer",
    );
  }
  const { status, error } = result as { status?: unknown; error?: unknown };
  if (status === "error") {
    const message = typeof error === "string" && error !== "" ? error : "the service refused this item";
    return failed(message, "api.rejected");
  }
  const ids = new Map<string, string>();
  for (const capture of call.captures ?? []) {
    const id = capturedId(result, capture);
    if (id === undefined)
      return failed(`the answer did not include the id of ${addressText(capture.address)}`, "apply.no-id");
    ids.set(addressText(capture.address), id);
  }
  return { status: "done", ids };
}
