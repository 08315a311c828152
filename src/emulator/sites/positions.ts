// The body of the move endpoints, `{position?}`: absent means the end; otherwise exactly one of
// `before`/`after`, naming an anchor of a given type. Which anchors are valid differs per
// resource, so the caller checks the anchor.

import { badRequest } from "../core/http-error.ts";
import { type BodyShape, checkNested, parseBody } from "../core/validate.ts";
import type { Placement } from "./order.ts";

/**
 * Where a move body asks the moved item to go. `checkAnchor` gets the anchor's id and the id's
 * field name for its messages (`position.before.siteSection`), and throws when that anchor is
 * not one the item can be placed next to.
 */
export function movePlacement(
  body: unknown,
  anchor: { type: string; idKey: string },
  checkAnchor: (anchorId: string, field: string) => void,
): Placement {
  const { position } = parseBody(body, { position: { type: "any" } }, { optionalBody: true });
  if (position === undefined) return { where: "end" };
  const anchorShape: BodyShape = {
    type: { type: "enum", values: [anchor.type], required: true },
    [anchor.idKey]: { type: "string", min: 1, required: true },
  };
  const sides = checkNested("position", position, { before: { type: "object" }, after: { type: "object" } });
  const present = (["before", "after"] as const).filter((side) => sides[side] !== undefined);
  const side = present[0];
  if (present.length !== 1 || !side) throw badRequest("position: must have exactly one of before, after");
  const anchorId = checkNested(`position.${side}`, sides[side], anchorShape)[anchor.idKey] as string;
  checkAnchor(anchorId, `position.${side}.${anchor.idKey}`);
  return { where: side, anchorId };
}
