// Custom fields: identity is the name, which is also how the API addresses them. The name and
// the type cannot change: a new type replaces the field (delete, then create: names are unique).

import type { Located } from "../../model/desired.ts";
import { definedFields } from "../compare.ts";
import type { TopLevelKind, TopLevelTypes } from "../organization.ts";
import { customFieldsPath } from "../paths.ts";
import { listedKind } from "../shapes/listed.ts";
import type { CustomFieldSettings, DesiredCustomField, LiveCustomField } from "./custom-field-types.ts";
import { customFieldKindRef } from "./custom-field-types.ts";
import { valuesLost } from "./custom-field-values.ts";

export type { CustomFieldSettings, DesiredCustomField, LiveCustomField } from "./custom-field-types.ts";

/** The field types the configuration format knows. */
const TYPES = ["text", "number", "boolean", "date", "select", "multi-select"];
type Field = { desired: DesiredCustomField; live: LiveCustomField; raw: Located<CustomFieldSettings> };

const listed = listedKind<TopLevelTypes<"customFields", Field>, "customFields">({
  ...customFieldKindRef,
  schema: {
    fragment: "custom-field",
    description: "Custom fields of the organization. Identity: name. Absent: custom fields are not managed.",
  },
  identities: [{ field: "name" }],
  path: (scope) => customFieldsPath(scope.organization),
  itemBy: "name",
  fields: [
    { name: "name", change: "never", unique: true },
    { name: "type", change: "replace" },
    { name: "title" },
    { name: "description" },
    { name: "placeholder" },
    // An empty list of choices is none: not written.
    {
      name: "options",
      exported: (options) => ((options as unknown[] | undefined)?.length ? options : undefined),
    },
  ],
  // Names are unique: one another run made meanwhile is this one when it is the same.
  adopt: (desired) => definedFields(desired, ["type", "title", "description", "placeholder", "options"]),
});

export const customFieldKind: TopLevelKind<"customFields", Field> = {
  ...listed,
  // Its values on spaces go with it.
  consequences: (live, _address, scope) => valuesLost(live.item.name, scope),
  // A type docsync does not know could not be configured: left out.
  toConfig(live, scope, ctx) {
    const { name, type } = live.item;
    if (TYPES.includes(type)) return listed.toConfig!(live, scope, ctx);
    ctx.warn(`custom field "${name}" is of type "${type}", which docsync does not know: left out`);
    return undefined;
  },
};
