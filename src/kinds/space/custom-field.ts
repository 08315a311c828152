// Custom fields: identity is the name, which is also how the API addresses them. The name and
// the type cannot change: a new type replaces the field (delete, then create: names are unique).

import { addressOf, addressText, ROOT } from "../../model/address.ts";
import type { Located } from "../../model/desired.ts";
import type { Consequence, FieldChange } from "../../model/plan.ts";
import { compareField, definedFields, patchBody } from "../compare.ts";
import { defined } from "../configured.ts";
import { childrenOf, desiredIn } from "../items-of.ts";
import { leafNodes } from "../live-nodes.ts";
import type { OrganizationScope, TopLevelKind } from "../organization.ts";
import { customFieldPath, customFieldsPath } from "../paths.ts";
import {
  type CustomFieldSettings,
  customFieldKindRef,
  type DesiredCustomField,
  type LiveCustomField,
} from "./custom-field-types.ts";
import { spaceKindRef } from "./space-types.ts";

export type { CustomFieldSettings, DesiredCustomField, LiveCustomField } from "./custom-field-types.ts";

const UPDATABLE = ["title", "description", "placeholder", "options"] as const;
/** The field types the configuration format knows. */
const TYPES = ["text", "number", "boolean", "date", "select", "multi-select"];
const nameClaim = (org: string, name: string) => `${org}#custom-field=${name}`;

/**
 * What deleting (or replacing) a field does to the spaces whose values the plan read (those
 * that set custom fields): a space that holds a value of it, which its configuration does not
 * set again, loses it. The values of spaces the plan does not read go too, unseen.
 */
function valuesLost(
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

export const customFieldKind: TopLevelKind<
  "customFields",
  { desired: DesiredCustomField; live: LiveCustomField; raw: Located<CustomFieldSettings> }
> = {
  kind: customFieldKindRef.kind,
  collection: customFieldKindRef.collection,
  config: {
    schema: {
      fragment: "custom-field",
      description:
        "Custom fields of the organization. Identity: name. Absent: custom fields are not managed.",
    },
    identities: [{ field: "name" }],
    resolve({ value: { name, type, title, description, placeholder, options } }, meta) {
      return { ...meta, name, type, ...defined({ title, description, placeholder, options }) };
    },
  },

  read: async (client, scope) =>
    leafNodes(await client.list<LiveCustomField>(customFieldsPath(scope.organization))),

  key: (field) => field.name,
  liveKey: (field) => field.name,

  diff(desired, live) {
    const changes: FieldChange[] = [];
    if (!live) compareField(changes, "type", desired.type, undefined);
    for (const field of UPDATABLE) compareField(changes, field, desired[field], live?.item[field]);
    return changes;
  },
  mustReplace(desired, live) {
    const changes: FieldChange[] = [];
    compareField(changes, "type", desired.type, live.item.type);
    return changes;
  },

  create: (desired, address, scope) => [
    {
      method: "POST",
      path: customFieldsPath(scope.organization),
      body: definedFields(desired, ["name", "type", ...UPDATABLE]),
      summary: "create custom field",
      captures: [{ address, pointer: "/id" }],
      recover: {
        list: customFieldsPath(scope.organization),
        match: { name: desired.name },
        // Names are unique: one another run made meanwhile is this one when it is the same.
        adopt: definedFields(desired, ["type", ...UPDATABLE]),
      },
      claims: [nameClaim(scope.organization, desired.name)],
    },
  ],
  update: (_desired, live, changes, _address, scope) => [
    {
      method: "PATCH",
      path: customFieldPath(scope.organization, live.item.name),
      body: patchBody(changes, UPDATABLE),
      summary: "update custom field",
    },
  ],
  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: customFieldPath(scope.organization, live.item.name),
      summary: "delete custom field",
      releases: [nameClaim(scope.organization, live.item.name)],
    },
  ],
  // Its values on spaces go with it.
  consequences: (live, _address, scope) => valuesLost(live.item.name, scope),

  toConfig(live, _scope, ctx) {
    const field = live.item;
    if (!TYPES.includes(field.type)) {
      ctx.warn(
        `custom field "${field.name}" is of type "${field.type}", which docsync does not know: left out`,
      );
      return undefined;
    }
    const config = {
      name: field.name,
      type: field.type,
      ...definedFields(field, ["title", "description", "placeholder"]),
    };
    if (field.options && field.options.length > 0) return { ...config, options: field.options };
    return config;
  },
};
