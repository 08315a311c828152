// A site's adaptive schema: the JSON schema of its visitor attributes, a resource of its own
// (`…/adaptive-schema`), read only when the configuration sets it.

import type { Id } from "../../model/address.ts";
import { sitePath, subPath } from "../paths.ts";
import type { CallDraft, ExportContext } from "../types.ts";
import type { AdaptiveClaim, AdaptiveSchema, LiveJsonSchema, SiteNode } from "./site-types.ts";

export type { AdaptiveClaim, AdaptiveSchema, LiveJsonSchema } from "./site-types.ts";

export interface LiveAdaptiveSchema {
  [field: string]: unknown;
  jsonSchema: LiveJsonSchema;
}

type Schema = AdaptiveSchema;

/** The live schema's claims and whether it allows others, as the configuration compares them. */
interface LiveSchema {
  properties: Record<string, Record<string, unknown>>;
  additionalProperties?: boolean;
}

export function liveSchema(node: SiteNode | undefined): LiveSchema | undefined {
  const jsonSchema = node?.details?.adaptiveSchema;
  if (!jsonSchema) return undefined;
  const schema: LiveSchema = { properties: jsonSchema.properties ?? {} };
  if (typeof jsonSchema.additionalProperties === "boolean")
    schema.additionalProperties = jsonSchema.additionalProperties;
  return schema;
}

const CLAIM_TYPES = ["boolean", "number", "string"];

/** Whether a live claim has the form the configuration takes: a type and a description, nothing else. */
function isClaim(value: Record<string, unknown> | undefined): value is AdaptiveClaim {
  if (typeof value !== "object" || value === null) return false;
  const { type, description, ...rest } = value;
  return (
    typeof type === "string" &&
    CLAIM_TYPES.includes(type) &&
    typeof description === "string" &&
    Object.keys(rest).length === 0
  );
}

/**
 * The adaptive schema as configuration, when it says something: adaptive content is on, or the
 * schema differs from a new site's (no attributes, no others allowed). Undefined as well when
 * the format cannot say it exactly, with a warning.
 */
export function schemaConfig(node: SiteNode, ctx: ExportContext): Schema | undefined {
  const schema = liveSchema(node);
  if (!schema) return undefined;
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const enabled = node.item.adaptiveContent?.enabled === true;
  const site = JSON.stringify(node.item.title);
  // The configuration cannot say true: the service accepts only false.
  const open = schema.additionalProperties === true;
  if (open) {
    ctx.warn(
      `site ${site}: the adaptive schema's additionalProperties: true is left out: the configuration ` +
        "takes only false, the one value the service accepts",
    );
  }
  if (!enabled && names.length === 0) return undefined;
  const claims: Record<string, AdaptiveClaim> = {};
  const odd: string[] = [];
  for (const name of names) {
    const claim = properties[name];
    if (isClaim(claim)) claims[name] = claim;
    else odd.push(name);
  }
  if (odd.length > 0) {
    ctx.warn(
      `site ${site}: the adaptive schema is left out: claim ${odd.map((name) => JSON.stringify(name)).join(", ")} ` +
        "is not in the form the configuration takes (a type of boolean, number or string, and a description: " +
        "what both the spec and the service's published description take)",
    );
    return undefined;
  }
  if (node.details?.adaptiveSchema?.required !== undefined) {
    ctx.warn(
      `site ${site}: the adaptive schema's "required" list is not part of the configuration; ` +
        "it stays as it is, but a change of the schema through docsync would drop it",
    );
  }
  const config: Schema = { properties: claims };
  if (schema.additionalProperties === false) config.additionalProperties = false;
  return config;
}

export function schemaCall(org: string, site: Id, schema: Schema, live: LiveSchema | undefined): CallDraft {
  const additionalProperties = schema.additionalProperties ?? live?.additionalProperties ?? false;
  return {
    method: "PUT",
    path: subPath(sitePath(org, site), "/adaptive-schema"),
    body: { jsonSchema: { type: "object", properties: schema.properties, additionalProperties } },
    summary: "set adaptive schema",
  };
}
