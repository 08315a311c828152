// The configuration's schema with the kinds added to the built-in ones (KindSet.with): each
// one's definition, and its mapping (a singleton) or list under its collection, in its parent's
// definition or at the top level, and the kinds `policy.prune` may name. The bundle on disk
// describes the built-in kinds only. Loaded only when kinds are added: it compiles the schema
// with ajv.

import type { ValidateFunction } from "ajv";
import bundle from "../../schemas/docsync.schema.json" with { type: "json" };
import type { KindSet } from "../kinds/kind-set.ts";
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

/** A copy of `bundle` that takes the added kinds that describe their items (`definition`). */
export function schemaWithKinds(bundle: Schema, kinds: KindSet): Schema {
  const schema = structuredClone(bundle);
  schema.definitions ??= {};
  const definitions = schema.definitions as Record<string, Schema>;
  const prune = definitions.policy?.properties as { prune?: { items?: { enum?: string[] } } } | undefined;
  if (prune?.prune?.items?.enum) prune.prune.items.enum = [...kinds.prunable];
  for (const { kind, parent } of kinds.added) {
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

/** The validator of the bundled schema with the added kinds. */
export const compileWithKinds = (kinds: KindSet, formats: Formats): ValidateFunction =>
  schemaAjv(formats).compile(schemaWithKinds(bundle, kinds));
