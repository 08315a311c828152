// HTTP handlers of /sites/{siteId}/adaptive-schema.

import { ok, type Reply, type RequestContext } from "../core/context.ts";
import { parseBody } from "../core/validate.ts";
import { checkAdaptiveJsonSchema } from "./adaptive-schema.ts";
import { siteOf } from "./lookup.ts";
import { renderAdaptiveSchema } from "./render.ts";
import { setAdaptiveSchema } from "./site-store.ts";

function getHandler(ctx: RequestContext): Reply {
  return ok(renderAdaptiveSchema(siteOf(ctx, "read")));
}

function putHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, {
    jsonSchema: {
      type: "object",
      required: true,
      check: (value, field) => checkAdaptiveJsonSchema(ctx.state, value, field),
    },
  });
  setAdaptiveSchema(ctx.state, site, body.jsonSchema as Record<string, unknown>);
  return ok(renderAdaptiveSchema(site));
}

export const adaptiveSchemaHandlers = { get: getHandler, put: putHandler };
