// The `position` body of the move endpoints: absent means the end; otherwise exactly one of
// `before`/`after`, naming an anchor of a given type. Resolving the anchor is the caller's job,
// since what a valid anchor is differs per resource.

import { badRequest } from "../core/http-error.ts";
import type { BodyShape } from "../core/validate.ts";
import { checkNested } from "./checks.ts";

export interface RequestedPosition {
  where: "before" | "after";
  anchorId: string;
  /** The anchor id's field name, for error messages: `position.before.siteSection`. */
  field: string;
}

export function parsePosition(
  value: unknown,
  anchor: { type: string; idKey: string },
): RequestedPosition | undefined {
  if (value === undefined) return undefined;
  const anchorShape: BodyShape = {
    type: { type: "enum", values: [anchor.type], required: true },
    [anchor.idKey]: { type: "string", min: 1, required: true },
  };
  const position = checkNested("position", value, { before: { type: "object" }, after: { type: "object" } });
  const sides = (["before", "after"] as const).filter((side) => position[side] !== undefined);
  const side = sides[0];
  if (sides.length !== 1 || !side) throw badRequest("position: must have exactly one of before, after");
  const target = checkNested(`position.${side}`, position[side], anchorShape);
  return { where: side, anchorId: target[anchor.idKey] as string, field: `position.${side}.${anchor.idKey}` };
}
