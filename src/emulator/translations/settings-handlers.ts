// HTTP adapter for translation settings (spec 4.18). PUT renames existing settings; it does
// not create them.

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { created, noContent, ok, param, type RequestContext } from "../core/context.ts";
import { paginate } from "../core/paginate.ts";
import { parseBody } from "../core/validate.ts";
import { renderTranslationSettings } from "./render.ts";
import { createSettings, deleteSettings, findSettings, listSettings, renameSettings } from "./store.ts";

const SHAPE = { title: { type: "string", min: 1, max: 100, required: true } } as const;

function list(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(
    paginate(ctx.query, listSettings(ctx.state, organization.id), (settings) =>
      renderTranslationSettings(ctx, settings),
    ),
  );
}

function create(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const body = parseBody(ctx.body, SHAPE);
  return created(
    renderTranslationSettings(ctx, createSettings(ctx.state, organization, body.title as string)),
  );
}

function get(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const settings = findSettings(ctx.state, organization.id, param(ctx, "translationSettingsId"));
  return ok(renderTranslationSettings(ctx, settings));
}

function put(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const settings = findSettings(ctx.state, organization.id, param(ctx, "translationSettingsId"));
  const body = parseBody(ctx.body, SHAPE);
  renameSettings(ctx.state, settings, body.title as string);
  return ok(renderTranslationSettings(ctx, settings));
}

function remove(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  deleteSettings(ctx.state, findSettings(ctx.state, organization.id, param(ctx, "translationSettingsId")));
  return noContent();
}

/** The handlers of the settings form, by operation (handlers.ts routes them). */
export const settingsHandlers = { list, create, get, put, remove };
