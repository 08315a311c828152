// Reads the ids of created items out of a call's answer, and checks what a probe's answer shows.

import { ApiError } from "../api/errors.ts";
import { matchesAll } from "../api/recovery.ts";
import { DocsyncError, type ErrorCode } from "../errors.ts";
import type { AnswerRefusal, Capture, Probe } from "../model/plan.ts";

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

/** Fails a probe whose answer does not show what the plan assumed. */
export function checkProbe(probe: Probe, answer: unknown): void {
  const found = atPointer(answer, probe.pointer);
  if (found === probe.value) return;
  throw new DocsyncError(
    "apply.probe",
    `the answer's ${probe.pointer.slice(1)} is ${JSON.stringify(found)}, not ${JSON.stringify(probe.value)}. ${probe.otherwise}`,
  );
}

/** Fails a call whose answer, of success, refuses it all the same. */
export function checkRefusal(refusal: AnswerRefusal, answer: unknown): void {
  if (atPointer(answer, refusal.pointer) === refusal.value)
    throw new DocsyncError(refusal.code as ErrorCode, refusal.message);
}

/** A failure's message, with what it means when the call was a probe the service refused. */
export function failureMessage(error: unknown, probe: Probe | undefined): string {
  const message = error instanceof Error ? error.message : String(error);
  const refused =
    error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500;
  return probe && refused ? `${message.replace(/\.$/, "")}. ${probe.otherwise}` : message;
}
