// Site redirects: identity is the source path. A destination `to: { section }` names a section
// of the same site by path and is resolved to its id; a raw destination is sent as written,
// so kinds of destination that docsync does not know pass through unchanged.

import type { LiveRedirect } from "../api/types.ts";
import type { DesiredRedirect, DesiredSite } from "../config/types.ts";
import type { FieldChange } from "../plan/types.ts";
import { compareField } from "./compare.ts";
import { leafNodes } from "./live-nodes.ts";
import { redirectPath, redirectsPath } from "./paths.ts";
import { addressOf, type CallDraft, type KindModule, type PlanContext, type Scope } from "./types.ts";

const site = (scope: Scope) => scope.desired as DesiredSite;
const sourceClaim = (scope: Scope, source: string) => `${scope.address}#redirect-source=${source}`;

function destination(desired: DesiredRedirect, scope: Scope, ctx: PlanContext): Record<string, unknown> {
  if (desired.destination.kind === "raw") return desired.destination.value;
  return { kind: "site-section", siteSectionId: ctx.idOf(addressOf(scope.address, "section", desired.destination.sectionPath)) };
}

/** The live destination restricted to the keys the configuration sets: the API may add others. */
function comparable(live: LiveRedirect["destination"] | undefined, wanted: Record<string, unknown>) {
  if (!live) return undefined;
  return Object.fromEntries(Object.keys(wanted).map((key) => [key, live[key]]));
}

const sectionOf = (redirect: LiveRedirect): string[] =>
  redirect.destination?.kind === "site-section" && typeof redirect.destination.siteSectionId === "string"
    ? [redirect.destination.siteSectionId]
    : [];

export const redirectKind: KindModule<DesiredRedirect, LiveRedirect> = {
  kind: "redirect",
  collection: "redirects",

  desired: (scope) => site(scope).redirects,
  read: async (client, scope) => leafNodes(await client.list<LiveRedirect>(redirectsPath(scope.organization, scope.ids.site!))),

  key: (redirect) => redirect.source,
  liveKey: (redirect) => redirect.source,

  diff(desired, live, scope, ctx) {
    const changes: FieldChange[] = [];
    compareField(changes, "source", desired.source, live?.item.source);
    const wanted = destination(desired, scope, ctx);
    const have = comparable(live?.item.destination, wanted);
    if (compareField(changes, "destination", wanted, have) && live) changes[changes.length - 1]!.from = live.item.destination;
    return changes;
  },

  create(desired, address, scope, ctx) {
    return [
      {
        method: "POST",
        path: redirectsPath(scope.organization, scope.ids.site!),
        body: { source: desired.source, destination: destination(desired, scope, ctx) },
        summary: "create redirect",
        captures: [{ address, pointer: "/id" }],
        recover: { list: redirectsPath(scope.organization, scope.ids.site!), match: { source: desired.source } },
        claims: [sourceClaim(scope, desired.source)],
      },
    ];
  },

  update(desired, live, changes, _address, scope, ctx): CallDraft[] {
    const body: Record<string, unknown> = {};
    const call: CallDraft = { method: "PATCH", path: redirectPath(scope.organization, scope.ids.site!, live.item.id), body, summary: "update redirect" };
    if (changes.some((change) => change.field === "source")) {
      body.source = desired.source;
      call.claims = [sourceClaim(scope, desired.source)];
      call.releases = [sourceClaim(scope, live.item.source)];
    }
    if (changes.some((change) => change.field === "destination")) {
      body.destination = destination(desired, scope, ctx);
      call.unrefs = sectionOf(live.item);
    }
    return [call];
  },

  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: redirectPath(scope.organization, scope.ids.site!, live.item.id),
      summary: "delete redirect",
      releases: [sourceClaim(scope, live.item.source)],
      unrefs: sectionOf(live.item),
    },
  ],
};
