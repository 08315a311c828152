// What deleting or replacing a custom field does beyond its own calls: the spaces' values of it go.

import { addressOf, addressText, ROOT } from "../../model/address.ts";
import type { Consequence } from "../../model/plan.ts";
import { childrenOf, desiredIn } from "../items-of.ts";
import type { OrganizationScope } from "../organization.ts";
import type { DesiredCustomField } from "./custom-field-types.ts";
import { spaceKindRef } from "./space-types.ts";

/**
 * What deleting (or replacing) a field does to the spaces whose values the plan read (those
 * that set custom fields): a space that holds a value of it, which its configuration does not
 * set again, loses it. The values of spaces the plan does not read go too, unseen.
 */
export function valuesLost(
  name: string,
  scope: OrganizationScope<"customFields", DesiredCustomField>,
): Consequence[] {
  return childrenOf(scope.live, spaceKindRef).flatMap((node) => {
    const values = node.details?.customFields;
    const space = desiredIn(spaceKindRef, scope)?.find((item) => item.spaceId === node.item.id);
    if (values?.[name] === undefined || values[name] === null || space === undefined) return [];
    if (space.customFields?.[name] !== undefined) return [];
    return [
      {
        action: "update",
        kind: "space",
        address: addressText(addressOf(ROOT, "space", space.name)),
        liveId: node.item.id,
        note: `loses its value of custom field ${JSON.stringify(name)}`,
      },
    ];
  });
}
