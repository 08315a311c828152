// The publish body of an integration (spec 4.19), checked field by field: every 400 names the
// field. The enumerations the spec does not show are the emulator's (docs/emulator.md).

import { badRequest } from "../core/http-error.ts";
import { type BodyShape, checkField, checkNested, parseBody } from "../core/validate.ts";
import type { PublishInput } from "./store.ts";

export const NAME = /^[a-zA-Z0-9-_.]+$/;
export const VISIBILITIES = ["public", "unlisted", "private"] as const;
export const TARGETS = ["all", "site", "space", "organization"] as const;
export const CATEGORIES = [
  "analytics",
  "collaboration",
  "content",
  "gitsync",
  "marketing",
  "visitor-auth",
  "other",
] as const;
export const SCOPES = [
  "space:content:read",
  "space:content:write",
  "space:metadata:read",
  "space:metadata:write",
  "space:views:read",
  "space:git:sync",
  "page:feedback:read",
  "site:metadata:read",
  "site:views:read",
  "site:script:inject",
  "site:script:cookies",
  "site:visitor:auth",
  "openapi:read",
  "openapi:write",
] as const;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const base64 = { type: "string", min: 1, max: 1_000_000, pattern: BASE64, patternText: "base64" } as const;

function enumArray(values: readonly string[], minItems = 0) {
  return (value: unknown, field: string) => {
    checkField(field, value, { type: "string[]", minItems });
    (value as string[]).forEach((item, i) => {
      checkField(`${field}[${i}]`, item, { type: "enum", values });
    });
  };
}

function objects(shape: BodyShape, maxItems?: number) {
  return (value: unknown, field: string): Record<string, unknown>[] => {
    if (!Array.isArray(value)) throw badRequest(`${field}: must be an array of objects`);
    if (maxItems !== undefined && value.length > maxItems)
      throw badRequest(`${field}: must have at most ${maxItems} items`);
    return value.map((item, i) => checkNested(`${field}[${i}]`, item, shape));
  };
}

const blocks = objects({
  id: { type: "string", min: 1, max: 100, required: true },
  title: { type: "string", min: 1, max: 100, required: true },
  description: { type: "string", max: 500 },
  icon: { type: "string" },
  urlUnfurl: { type: "string[]" },
  markdown: { type: "object" },
});
const contentSources = objects({
  id: { type: "string", min: 1, max: 100, required: true },
  title: { type: "string", min: 1, max: 100, required: true },
  description: { type: "string", max: 500 },
  icon: { type: "string" },
  configuration: { type: "object" },
});
const externalLinks = objects(
  {
    url: { type: "url", max: 2048, required: true },
    label: { type: "string", min: 1, max: 100, required: true },
  },
  5,
);

function secrets(value: unknown, field: string): Record<string, string> {
  checkField(field, value, { type: "object" });
  for (const [name, secret] of Object.entries(value as Record<string, unknown>)) {
    // The message names the secret, never its value.
    if (typeof secret !== "string") throw badRequest(`${field}.${name}: must be a string`);
  }
  return value as Record<string, string>;
}

export function parsePublishBody(body: unknown) {
  const fields = parseBody(body, {
    icon: base64,
    title: { type: "string", min: 2, max: 30, required: true },
    description: { type: "string", min: 1, max: 100, required: true },
    summary: { type: "string", max: 2048 },
    previewImages: { type: "string[]", maxItems: 3, itemPattern: BASE64, itemPatternText: "base64" },
    visibility: { type: "enum", values: VISIBILITIES },
    target: { type: "enum", values: TARGETS },
    scopes: { type: "any", required: true },
    categories: { type: "any" },
    blocks: { type: "any" },
    contentSources: { type: "any" },
    externalLinks: { type: "any" },
    configurations: { type: "object" },
    script: { type: "string", min: 1, max: 1_000_000, required: true },
    organization: { type: "string", min: 1, required: true },
    secrets: { type: "any" },
    contentSecurityPolicy: { type: "any" },
  });
  enumArray(SCOPES)(fields.scopes, "scopes");
  if (fields.categories !== undefined) enumArray(CATEGORIES)(fields.categories, "categories");
  if (fields.configurations !== undefined) {
    checkNested("configurations", fields.configurations, {
      account: { type: "object" },
      space: { type: "object" },
      site: { type: "object" },
    });
  }
  const optional = <T>(key: string): T | undefined => fields[key] as T | undefined;
  const input: Omit<PublishInput, "name" | "ownerId"> = {
    title: fields.title as string,
    description: fields.description as string,
    script: fields.script as string,
    scopes: fields.scopes as string[],
    visibility: optional<string>("visibility") ?? "public",
    previewImages: optional<string[]>("previewImages") ?? [],
    categories: optional<string[]>("categories") ?? [],
    blocks: fields.blocks === undefined ? [] : blocks(fields.blocks, "blocks"),
    contentSources:
      fields.contentSources === undefined ? [] : contentSources(fields.contentSources, "contentSources"),
    externalLinks: (fields.externalLinks === undefined
      ? []
      : externalLinks(fields.externalLinks, "externalLinks")) as {
      url: string;
      label: string;
    }[],
    secrets: fields.secrets === undefined ? {} : secrets(fields.secrets, "secrets"),
    ...(fields.summary !== undefined ? { summary: fields.summary as string } : {}),
    ...(fields.icon !== undefined ? { icon: fields.icon as string } : {}),
    ...(fields.target !== undefined ? { target: fields.target as string } : {}),
    ...(fields.configurations !== undefined
      ? { configurations: fields.configurations as Record<string, unknown> }
      : {}),
    ...(fields.contentSecurityPolicy !== undefined
      ? { contentSecurityPolicy: fields.contentSecurityPolicy }
      : {}),
  };
  return { organization: fields.organization as string, input };
}
