// The configuration's schema with the kinds registered at run time: each one's definition, and
// its mapping (a singleton) or list under its collection, in its parent's definition or at the
// top level. The bundle on disk describes the built-in kinds only. Loaded only when kinds are
// registered: it compiles the schema with ajv.

import type { ValidateFunction } from "ajv";
import bundle from "../../schemas/docsync.schema.json" with { type: "json" };
import type { RegisteredKind } from "../kinds/registry.ts";
import { schemaAjv } from "./schema-ajv.ts";
import type { Formats } from "./schema-precompiled.ts";

type Schema = Record<string, unknown>;

/** The properties of a schema node, made when absent. */
function propertiesOf(node: Schema): Schema {
  const found = node.properties;
  if (typeof found === "object" && found !== null && !Array.isArray(found)) return found as Schema;
  const made: Schema = {};
  node.properties = made;
  return made;
}

/** A copy of `bundle` that takes the registered kinds that describe their items (`definition`). */
export function schemaWithKinds(bundle: Schema, registered: readonly RegisteredKind[]): Schema {
  const schema = structuredClone(bundle);
  schema.definitions ??= {};
  const definitions = schema.definitions as Record<string, Schema>;
  for (const { kind, parent } of registered) {
    const { fragment, description, definition } = kind.config.schema;
    if (definition === undefined) continue;
    definitions[fragment] = structuredClone(definition);
    const holder = parent ? definitions[parent.config.schema.fragment] : schema;
    if (holder === undefined) throw new Error(`no schema definition ${parent?.config.schema.fragment}`);
    const ref = `#/definitions/${fragment}`;
    const about = description === undefined ? {} : { description };
    propertiesOf(holder)[kind.collection] = kind.singleton
      ? { ...about, $ref: ref }
      : { ...about, type: "array", items: { $ref: ref } };
  }
  return schema;
}

/** The validator of the bundled schema with the registered kinds. */
export const compileWithKinds = (registered: readonly RegisteredKind[], formats: Formats): ValidateFunction =>
  schemaAjv(formats).compile(schemaWithKinds(bundle, registered));
