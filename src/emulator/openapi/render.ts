import { isAdmin } from "../core/access.ts";
import type { RequestContext } from "../core/context.ts";
import { appUrl, iso } from "../core/render.ts";
import type { OpenApiSpecRecord } from "./store.ts";

export function renderOpenApiSpec(ctx: RequestContext, spec: OpenApiSpecRecord) {
  return {
    object: "openapi-spec",
    id: spec.id,
    createdAt: iso(spec.createdAt),
    updatedAt: iso(spec.updatedAt),
    slug: spec.slug,
    ...("url" in spec.source ? { sourceURL: spec.source.url } : {}),
    // Processing is instantaneous in the emulator, so a spec is never pending or in progress;
    // `complete` is the service's published name of the finished state.
    processingState: "complete",
    lastVersion: spec.lastVersion,
    lastProcessedAt: iso(spec.updatedAt),
    // The emulator does not parse the document: no processing finds an error.
    lastProcessedErrorCount: 0,
    permissions: { view: true, edit: isAdmin(ctx, spec.organizationId) },
    urls: {
      location: `${ctx.state.baseUrl}/v1/orgs/${spec.organizationId}/openapi/${spec.slug}`,
      app: appUrl(`o/${spec.organizationId}/openapi/${spec.slug}`),
    },
  };
}
