// Reads the ids of created items out of a call's answer.

import { matchesAll } from "../api/recovery.ts";
import type { Capture } from "../model/plan.ts";

/** RFC 6901 JSON pointer. */
function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>(
      (current, token) =>
        current !== null && typeof current === "object"
          ? (current as Record<string, unknown>)[token]
          : undefined,
      value,
    );
}

export function capturedId(answer: unknown, capture: Capture): string | undefined {
  let found: unknown;
  if (capture.find) {
    const list = atPointer(answer, capture.find.array);
    found = Array.isArray(list) ? list.find((item) => matchesAll(item, capture.find!.match)) : undefined;
    found = (found as { id?: unknown } | undefined)?.id;
  } else {
    found = atPointer(answer, capture.pointer ?? "/id");
  }
  return typeof found === "string" ? found : undefined;
}
