// The shapes of a custom field, in a configuration file, as configured and as read. Declared
// apart from the custom field kind, with the reference by which other kinds reach its items, so
// that the module that exports spaces names them without importing the kind: this module
// imports no kind.

import type { ItemMeta } from "../../model/desired.ts";
import type { KindRef } from "../kind-ref.ts";

export interface LiveCustomField extends CustomFieldSettings {
  [field: string]: unknown;
  id: string;
}

/** A custom field's own fields, the same in a configuration file, as configured and as read. */
export interface CustomFieldSettings {
  name: string;
  type: string;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

export interface DesiredCustomField extends ItemMeta, CustomFieldSettings {}

/** The custom field kind, as the space kind reaches its items. */
export const customFieldKindRef: KindRef<DesiredCustomField, LiveCustomField, object, "customFields"> = {
  kind: "custom field",
  collection: "customFields",
};
