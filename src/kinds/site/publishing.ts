// Whether a site is published: `published: true|false` on a site. The live value is the site's
// own `published`, read with the site (no request of its own); it changes with the publish and
// unpublish operations, which take no body. Publishing may be answered, with success, by a
// checkout session instead of the site when the organization's plan must be upgraded first: the
// call's `refusal` turns that answer into one clear failure naming the site and the way forward.

import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import { sitePath, subPath } from "../paths.ts";
import { type DesiredSingleton, type LiveSingleton, singletonKind } from "../shapes/singleton.ts";
import type { CallDraft, ScopeIn } from "../types.ts";
import type { InSite } from "./in-site.ts";

type Scope = ScopeIn<InSite>;

const FIELD = "published";

/** The publish or unpublish call of a site. */
function publishCall(published: boolean, scope: Scope): CallDraft {
  const path = subPath(sitePath(scope.organization, scope.ids.site), published ? "/publish" : "/unpublish");
  if (!published) return { method: "POST", path, summary: "unpublish site" };
  const title = JSON.stringify(scope.desired.title);
  return {
    method: "POST",
    path,
    summary: "publish site",
    refusal: {
      pointer: "/type",
      value: "checkout",
      code: "apply.plan-upgrade",
      message:
        `site ${title} was not published: the service asks for an upgrade of the organization's plan ` +
        "(it answered with a checkout session). Upgrade the plan in the web app (the organization's " +
        "billing settings), then apply again; or set published: false on the site.",
    },
  };
}

const base = singletonKind<typeof FIELD, InSite>({
  kind: "publishing",
  plural: "publishing",
  collection: FIELD,
  key: "site",
  schema: { fragment: "site-published" },
  fields: [FIELD],
  path: (scope) => sitePath(scope.organization, scope.ids.site),
  summary: "publish site",
});

/** The configured value, and the live one: a site the plan creates is made unpublished. */
function diff(desired: DesiredSingleton, live: { item: LiveSingleton } | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  compareField(changes, FIELD, desired.fields[FIELD], live ? live.item[FIELD] : false);
  return changes;
}

function calls(desired: DesiredSingleton, live: { item: LiveSingleton } | undefined, scope: Scope) {
  return diff(desired, live).length === 0 ? [] : [publishCall(desired.fields[FIELD] === true, scope)];
}

export const sitePublishingKind: typeof base = {
  ...base,
  config: {
    ...base.config,
    // The configuration writes a boolean, not a mapping.
    resolve: (item, meta) => ({ ...meta, fields: { [FIELD]: item.value } }),
  },
  // The site's answer says whether it is published.
  read: async (_client, scope) => {
    const site = scope.live?.item;
    if (!site) return [];
    return [{ item: { id: site.id, [FIELD]: site.published === true }, children: {} }];
  },
  diff,
  create: (desired, _address, scope) => calls(desired, undefined, scope),
  update: (desired, live, _changes, _address, scope) => calls(desired, live, scope),
  // The site's toConfig writes the boolean as `published:`.
  toConfig: (live) => ({ [FIELD]: live.item[FIELD] === true }),
};
