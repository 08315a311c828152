// The routes of /orgs/{id}/translations: each answers in the form the emulator serves (form.ts),
// the spec's translation settings or the published description's translation syncs. Only the
// published form has runs: under the spec's, that route answers as a route the service lacks.

import type { Handler, RequestContext, Route } from "../core/context.ts";
import { HttpError } from "../core/http-error.ts";
import { translationForm } from "./form.ts";
import { settingsHandlers } from "./settings-handlers.ts";
import { syncHandlers } from "./sync-handlers.ts";

const ONE = "/orgs/:organizationId/translations/:translationSettingsId";

function noRun(ctx: RequestContext): never {
  const { organizationId, translationSettingsId } = ctx.params;
  throw new HttpError(
    404,
    `no route for POST /v1/orgs/${organizationId}/translations/${translationSettingsId}/run`,
  );
}

const byForm =
  (settings: Handler, published: Handler): Handler =>
  (ctx) =>
    translationForm(ctx.state) === "published" ? published(ctx) : settings(ctx);

export const translationRoutes: Route[] = [
  {
    method: "GET",
    path: "/orgs/:organizationId/translations",
    handler: byForm(settingsHandlers.list, syncHandlers.list),
  },
  {
    method: "POST",
    path: "/orgs/:organizationId/translations",
    handler: byForm(settingsHandlers.create, syncHandlers.create),
  },
  { method: "GET", path: ONE, handler: byForm(settingsHandlers.get, syncHandlers.get) },
  { method: "PUT", path: ONE, handler: byForm(settingsHandlers.put, syncHandlers.put) },
  { method: "DELETE", path: ONE, handler: byForm(settingsHandlers.remove, syncHandlers.remove) },
  { method: "POST", path: `${ONE}/run`, handler: byForm(noRun, syncHandlers.run) },
];
