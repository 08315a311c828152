// The `position` body field of move operations: `{before: ref}` or `{after: ref}`, where a ref
// is `{type: "space", space: <id>}` or `{type: "collection", collection: <id>}`.

import { unknownField } from "../core/body-policy.ts";
import { badRequest } from "../core/http-error.ts";
import type { Position, TreeItem, TreeKind } from "./order.ts";

const KINDS: readonly TreeKind[] = ["space", "collection"];

function parseRef(value: unknown, field: string): TreeItem {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw badRequest(`${field}: must be an object such as {"type": "space", "space": "<id>"}`);
  }
  const ref = value as Record<string, unknown>;
  const kind = ref.type;
  if (typeof kind !== "string" || !(KINDS as readonly string[]).includes(kind)) {
    throw badRequest(`${field}.type: must be one of ${KINDS.join(", ")}`);
  }
  for (const name of Object.keys(ref)) {
    if (name !== "type" && name !== kind) unknownField(`${field}.${name}`);
  }
  const id = ref[kind];
  if (typeof id !== "string" || id === "") throw badRequest(`${field}.${kind}: required, a ${kind} id`);
  return { kind: kind as TreeKind, id };
}

export function parsePosition(value: unknown): Position | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw badRequest("position: must be an object");
  const { before, after, ...rest } = value as Record<string, unknown>;
  for (const name of Object.keys(rest)) unknownField(`position.${name}`);
  if ((before === undefined) === (after === undefined)) {
    throw badRequest("position: must have exactly one of before, after");
  }
  return before !== undefined
    ? { before: parseRef(before, "position.before") }
    : { after: parseRef(after, "position.after") };
}
