// A site's visitor authentication (`visitorAuth:`): the backend that signs visitors in, and the
// fallback and logout URLs, read with GET and changed with PATCH `…/publishing/auth` (the PATCH
// always names the backend, which the service requires). The service makes the private key that
// signs visitors' tokens with the site, and no call changes it. The configuration may state it,
// as `${VARIABLE}` (a sensitive field: redacted everywhere); it is compared by its SHA-256 hash
// alone, which is all docsync keeps of the live key, so the key itself is never held, printed or
// written. A configured key that is not the site's stops the plan with what to do; the export
// writes the key as a variable and lists it for the user to set.

import { createHash } from "node:crypto";
import { DocsyncError } from "../../errors.ts";
import { placeOf } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import { fieldOf } from "../configured.ts";
import { liveId, sitePath, subPath } from "../paths.ts";
import { type DesiredSingleton, type LiveSingleton, singletonKind } from "../shapes/singleton.ts";
import type { CallDraft, ScopeIn } from "../types.ts";
import type { InSite } from "./in-site.ts";

type Scope = ScopeIn<InSite>;

const KEY = "privateKey";
/** What docsync keeps of the live key. */
const KEY_HASH = "privateKeyHash";
/** The fields the PATCH takes. */
const PATCHABLE = ["backend", "integration", "fallbackURL", "logoutURL"] as const;
/** What a site the plan creates has: the service makes it with the custom backend. */
const NEW_SITE: LiveSingleton = { id: "", backend: "custom" };

const path = (scope: Scope) => subPath(sitePath(scope.organization, scope.ids.site), "/publishing/auth");

export const hashOfKey = (key: string): string => `sha256:${createHash("sha256").update(key).digest("hex")}`;

/** The service's answer as docsync keeps it: the key's hash in place of the key. */
function keptOf(answer: Record<string, unknown>, siteId: string): LiveSingleton {
  const { privateKey, object: _object, ...rest } = answer;
  const kept: LiveSingleton = { ...rest, id: siteId };
  if (typeof privateKey === "string" && privateKey !== "") kept[KEY_HASH] = hashOfKey(privateKey);
  return kept;
}

function diff(desired: DesiredSingleton, live: { item: LiveSingleton } | undefined): FieldChange[] {
  const have = live?.item ?? NEW_SITE;
  const changes: FieldChange[] = [];
  for (const field of PATCHABLE) compareField(changes, field, desired.fields[field], have[field]);
  const key = desired.fields[KEY];
  if (typeof key === "string")
    compareField(changes, KEY, hashOfKey(key), have[KEY_HASH], { sensitive: true });
  return changes;
}

/** A configured key that is not the site's: no call can make it so. */
function keyRefused(desired: DesiredSingleton, scope: Scope, isNew: boolean): never {
  const site = JSON.stringify(scope.desired.title);
  const why = isNew
    ? "the site is new, and the service makes its key when it creates it"
    : "it is not the key of the site, and the service makes the key: no call changes it";
  throw new DocsyncError(
    "plan.private-key",
    `${placeOf(desired.at)}: site ${site}: visitorAuth.privateKey cannot be set: ${why}. ` +
      "Set the variable to the private key the web app shows in the site's audience settings " +
      "(visitor authentication), or leave privateKey out.",
  );
}

/** The PATCH of the changed fields, with the backend, which the service needs in every PATCH. */
function patch(desired: DesiredSingleton, have: LiveSingleton, changes: FieldChange[], scope: Scope) {
  const body: Record<string, unknown> = { backend: desired.fields.backend ?? have.backend };
  for (const change of changes) {
    if ((PATCHABLE as readonly string[]).includes(change.field))
      body[change.field] = change.to === undefined ? null : change.to;
  }
  // The integration backend names its integration in every PATCH: a change of URLs keeps it.
  if (
    body.backend === "integration" &&
    body.integration === undefined &&
    typeof have.integration === "string"
  )
    body.integration = have.integration;
  if (body.integration === null) delete body.integration;
  const call: CallDraft = {
    method: "PATCH",
    path: path(scope),
    body,
    summary: "update visitor authentication",
  };
  return call;
}

function calls(desired: DesiredSingleton, live: LiveSingleton | undefined, scope: Scope): CallDraft[] {
  const changes = diff(desired, live ? { item: live } : undefined);
  if (changes.some((change) => change.field === KEY)) keyRefused(desired, scope, live === undefined);
  return changes.length === 0 ? [] : [patch(desired, live ?? NEW_SITE, changes, scope)];
}

const base = singletonKind<"visitorAuth", InSite>({
  kind: "visitor authentication",
  plural: "visitor authentication",
  collection: "visitorAuth",
  key: "site",
  schema: { fragment: "visitor-auth" },
  fields: [...PATCHABLE, KEY],
  path,
  summary: "update visitor authentication",
});

export const visitorAuthKind: typeof base = {
  ...base,
  config: {
    ...base.config,
    sensitive: [KEY],
    check(items, ctx) {
      base.config.check?.(items, ctx);
      for (const item of items) {
        const integration = fieldOf(item.value, "integration");
        if (
          integration !== undefined &&
          integration !== null &&
          fieldOf(item.value, "backend") !== "integration"
        )
          ctx.report(
            item,
            ["integration"],
            "integration is only for backend: integration; add backend: integration",
          );
      }
    },
  },
  async read(client, scope) {
    const site = liveId(scope.ids.site);
    const answer = await client.get<Record<string, unknown>>(pathOf(scope, site));
    return answer ? [{ item: keptOf(answer, site), children: {} }] : [];
  },
  diff,
  create: (desired, _address, scope) => calls(desired, undefined, scope),
  update: (desired, live, _changes, _address, scope) => calls(desired, live.item, scope),
  // Only for a site whose visitors sign in: elsewhere the settings do nothing, and a key to set
  // for every site would be a chore. The key's hash stands for the key: the export writes a
  // variable in its place (a sensitive field), named in the file's header for the user to set.
  toConfig(live, scope) {
    if (scope.live?.item.visibility !== "visitor-auth") return undefined;
    const config: Record<string, unknown> = {};
    for (const field of PATCHABLE) {
      const value = live.item[field];
      if (typeof value === "string") config[field] = value;
    }
    if (typeof live.item[KEY_HASH] === "string") config[KEY] = live.item[KEY_HASH];
    return config;
  },
};

function pathOf(scope: Scope, site: string): string {
  return `${sitePath(scope.organization, site)}/publishing/auth`;
}
