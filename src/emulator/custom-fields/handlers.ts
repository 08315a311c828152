// HTTP adapter for custom fields (spec 4.8): the organization's fields, addressed by name, and
// the values a space holds for them.

import {
  administrableOrganization,
  administrableSpace,
  readableOrganization,
  readableSpace,
} from "../core/access.ts";
import { unknownField } from "../core/body-policy.ts";
import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { type BodyShape, bodyChanges, parseBody } from "../core/validate.ts";
import { assertLive } from "../spaces/store.ts";
import { renderCustomField } from "./render.ts";
import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldChanges,
  type CustomFieldType,
  createField,
  deleteField,
  findField,
  listFields,
  setSpaceValues,
  spaceValues,
  updateField,
} from "./store.ts";

const EDITABLE: BodyShape = {
  title: { type: "string", max: 100, nullable: true },
  description: { type: "string", max: 200, nullable: true },
  placeholder: { type: "string", max: 100, nullable: true },
  options: { type: "string[]", minItems: 1, maxItems: 50, itemMax: 100 },
};

const CREATE: BodyShape = {
  name: {
    type: "string",
    required: true,
    min: 1,
    max: 50,
    pattern: /^[a-z0-9_-]+$/,
    patternText: "lowercase letters, digits, _ and -",
  },
  type: { type: "enum", values: CUSTOM_FIELD_TYPES, required: true },
  ...EDITABLE,
};

const changesOf = (body: Record<string, unknown>) => bodyChanges(body) as CustomFieldChanges;

function list(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(
    paginate(ctx.query, listFields(ctx.state, organization.id), (field) => renderCustomField(ctx, field)),
  );
}

function create(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const body = parseBody(ctx.body, CREATE);
  const field = createField(ctx.state, organization, {
    ...changesOf(body),
    name: body.name as string,
    type: body.type as CustomFieldType,
  });
  return created(renderCustomField(ctx, field));
}

function get(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(renderCustomField(ctx, findField(ctx.state, organization.id, param(ctx, "fieldName"))));
}

function update(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const field = findField(ctx.state, organization.id, param(ctx, "fieldName"));
  updateField(ctx.state, field, changesOf(parseBody(ctx.body, EDITABLE)));
  return ok(renderCustomField(ctx, field));
}

function remove(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  deleteField(ctx.state, findField(ctx.state, organization.id, param(ctx, "fieldName")));
  return noContent();
}

function listValues(ctx: RequestContext) {
  const space = readableSpace(ctx, param(ctx, "spaceId"));
  return ok(
    spaceValues(ctx.state, space).map(({ field, value }) => ({
      customField: renderCustomField(ctx, field),
      value,
    })),
  );
}

/** `values` maps a field name to `{value}`; each entry must have exactly that one key. */
function checkValueEntries(values: Record<string, unknown>, field: string): void {
  for (const [name, entry] of Object.entries(values)) {
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
      throw badRequest(`${field}.${name}: must be an object {"value": ...}`);
    }
    for (const key of Object.keys(entry)) if (key !== "value") unknownField(`${field}.${name}.${key}`);
    if (!("value" in entry)) throw badRequest(`${field}.${name}.value: required`);
  }
}

function updateValues(ctx: RequestContext) {
  const space = administrableSpace(ctx, param(ctx, "spaceId"));
  const body = parseBody(ctx.body, { values: { type: "object", required: true, check: checkValueEntries } });
  assertLive(space);
  const entries = Object.entries(body.values as Record<string, { value: unknown }>);
  setSpaceValues(ctx.state, space, Object.fromEntries(entries.map(([name, entry]) => [name, entry.value])));
  space.updatedAt = ctx.state.now();
  return noContent();
}

export const customFieldRoutes: Route[] = [
  { method: "GET", path: "/orgs/:organizationId/custom-fields", handler: list },
  { method: "POST", path: "/orgs/:organizationId/custom-fields", handler: create },
  { method: "GET", path: "/orgs/:organizationId/custom-fields/:fieldName", handler: get },
  { method: "PATCH", path: "/orgs/:organizationId/custom-fields/:fieldName", handler: update },
  { method: "DELETE", path: "/orgs/:organizationId/custom-fields/:fieldName", handler: remove },
  { method: "GET", path: "/spaces/:spaceId/custom-fields", handler: listValues },
  { method: "PATCH", path: "/spaces/:spaceId/custom-fields", handler: updateValues },
];
