// A site's adaptive schema: the JSON schema of its visitor attributes, a resource of its own
// (`…/adaptive-schema`), read only when the configuration sets it.

import type { LiveNode } from "../model/scope.ts";
import { sitePath } from "./paths.ts";
import type { LiveSite } from "./site.ts";
import type { CallDraft, ExportContext, PlanContext } from "./types.ts";

/**
 * One visitor claim, in the form both the spec (`{type, description}`) and the service's
 * published description (a description on every claim, no integer, items or properties for an
 * array or object) take: a claim of one value, with its description.
 */
export interface AdaptiveClaim {
  type: "boolean" | "number" | "string";
  description: string;
}

/** `properties` and `additionalProperties` of the visitor-attribute JSON schema. */
export interface AdaptiveSchema {
  properties: Record<string, AdaptiveClaim>;
  additionalProperties?: boolean;
}

export interface LiveAdaptiveSchema {
  [field: string]: unknown;
  jsonSchema: Record<string, unknown>;
}

type Schema = AdaptiveSchema;

export function liveSchema(node: LiveNode<LiveSite> | undefined): Partial<Schema> | undefined {
  const jsonSchema = node?.details?.adaptiveSchema as Record<string, unknown> | undefined;
  if (!jsonSchema) return undefined;
  const schema: Partial<Schema> = { properties: (jsonSchema.properties ?? {}) as Schema["properties"] };
  if (typeof jsonSchema.additionalProperties === "boolean")
    schema.additionalProperties = jsonSchema.additionalProperties;
  return schema;
}

const CLAIM_TYPES = ["boolean", "number", "string"];

/** Whether a live claim has the form the configuration takes: a type and a description, nothing else. */
function isClaim(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { type, description, ...rest } = value as Record<string, unknown>;
  return (
    CLAIM_TYPES.includes(type as string) && typeof description === "string" && Object.keys(rest).length === 0
  );
}

/**
 * The adaptive schema as configuration, when it says something: adaptive content is on, or the
 * schema differs from a new site's (no attributes, no others allowed). Undefined as well when
 * the format cannot say it exactly, with a warning.
 */
export function schemaConfig(node: LiveNode<LiveSite>, ctx: ExportContext): Schema | undefined {
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
  const odd = names.filter((name) => !isClaim(properties[name]));
  if (odd.length > 0) {
    ctx.warn(
      `site ${site}: the adaptive schema is left out: claim ${odd.map((name) => JSON.stringify(name)).join(", ")} ` +
        "is not in the form the configuration takes (a type of boolean, number or string, and a description: " +
        "what both the spec and the service's published description take)",
    );
    return undefined;
  }
  const jsonSchema = node.details?.adaptiveSchema as Record<string, unknown>;
  if (jsonSchema.required !== undefined) {
    ctx.warn(
      `site ${site}: the adaptive schema's "required" list is not part of the configuration; ` +
        "it stays as it is, but a change of the schema through docsync would drop it",
    );
  }
  const config: Schema = { properties };
  if (schema.additionalProperties === false) config.additionalProperties = false;
  return config;
}

export function schemaCall(
  org: string,
  site: string,
  schema: Schema,
  live: Partial<Schema> | undefined,
  ctx: PlanContext,
): CallDraft {
  const additionalProperties = schema.additionalProperties ?? live?.additionalProperties ?? false;
  return {
    method: "PUT",
    path: `${sitePath(org, site)}/adaptive-schema`,
    body: { jsonSchema: { type: "object", properties: schema.properties, additionalProperties } },
    summary: "set adaptive schema",
    needs: ctx.needs(site),
  };
}
