// HTTP adapter for translation syncs, the published description's translations resource: POST
// takes the source (a space of the organization and its language) and the target language,
// PUT only the instructions, and POST …/run starts a run.

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { created, noContent, ok, param, type RequestContext } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { checkNested, parseBody } from "../core/validate.ts";
import { spaceField } from "../sites/lookup.ts";
import { LANGUAGES } from "./form.ts";
import { checkInstructions } from "./instructions.ts";
import { renderTranslationSync } from "./render.ts";
import { createSync, deleteSync, findSync, listSyncs, runSync, setInstructions } from "./sync-store.ts";

const LANGUAGE = { type: "enum", values: LANGUAGES } as const;
/** A document of the published form. */
const INSTRUCTIONS = {
  type: "object",
  check: (value: Record<string, unknown>, field: string) => checkInstructions(field, value),
} as const;
const CREATE = {
  source: { type: "object", required: true },
  language: { ...LANGUAGE, required: true },
  instructions: INSTRUCTIONS,
} as const;
const SOURCE = {
  space: { type: "string", min: 1, required: true },
  language: { ...LANGUAGE, required: true },
} as const;
const UPDATE = { instructions: { ...INSTRUCTIONS, required: true } } as const;

const syncOf = (ctx: RequestContext, organizationId: string) =>
  findSync(ctx.state, organizationId, param(ctx, "translationSettingsId"));

function list(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(
    paginate(ctx.query, listSyncs(ctx.state, organization.id), (sync) => renderTranslationSync(ctx, sync)),
  );
}

function create(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const body = parseBody(ctx.body, CREATE);
  const source = checkNested("source", body.source, SOURCE) as { space: string; language: string };
  spaceField(ctx, organization.id, "source.space", source.space);
  const language = body.language as string;
  if (language === source.language)
    throw badRequest(`language: must differ from source.language ("${language}")`);
  const sync = createSync(ctx.state, organization, {
    source,
    language,
    ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
  });
  return created(renderTranslationSync(ctx, sync));
}

function get(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(renderTranslationSync(ctx, syncOf(ctx, organization.id)));
}

function put(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const sync = syncOf(ctx, organization.id);
  const body = parseBody(ctx.body, UPDATE);
  setInstructions(ctx.state, sync, body.instructions);
  return ok(renderTranslationSync(ctx, sync));
}

function remove(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  deleteSync(ctx.state, syncOf(ctx, organization.id));
  return noContent();
}

function run(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const sync = syncOf(ctx, organization.id);
  runSync(ctx.state, sync);
  return ok(renderTranslationSync(ctx, sync));
}

/** The handlers of the published form, by operation (handlers.ts routes them). */
export const syncHandlers = { list, create, get, put, remove, run };
