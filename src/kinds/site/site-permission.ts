// Site permissions: the role of each user and team on a site, an assignment (shapes/
// assignment.ts) named as a space's permissions are (shapes/principals.ts). When a site lists
// `permissions`, the list is the truth: grants it does not list are removed. The service invites
// a list of teams or of users in one call, without a role: the new grants of each type are
// invited together, then each one's role is set. The rule that keeps the token's own access
// (site-access.ts) is checked for the whole site before any call is drafted.

import { addressOf, type Id, ROOT } from "../../model/address.ts";
import { type ItemMeta, type Located, placeOf } from "../../model/desired.ts";
import type { AccessFacts } from "../access/space-access-facts.ts";
import { below, liveId, referencedId, sitePath, subPath } from "../paths.ts";
import { assignmentKind, type DesiredAssignment } from "../shapes/assignment.ts";
import {
  grantConfig,
  grantListConfig,
  isEmail,
  lockoutGuard,
  principalIdOf,
  principalOwners,
  type RawGrant,
  readContainerGrants,
} from "../shapes/principals.ts";
import type { CallDraft, LiveNode, PlanContext, ScopeIn } from "../types.ts";
import { siteLockoutProblems } from "./site-access.ts";

export type { RawSitePermission } from "./site-types.ts";

/** What a site gives its permissions (site.ts, said here as far as they need it). */
interface InSite {
  parent: ItemMeta & { title: string; permissions?: DesiredAssignment[] };
  parentRaw: unknown;
  parentNode: LiveNode<{ id: string; title: string }, { access?: AccessFacts }>;
  ids: { site: Id };
}
type SiteScope = ScopeIn<InSite>;

/** The organization's scope, as the sites' kind sees it. */
type SitesScope = { desired: { sites?: readonly { permissions?: readonly DesiredAssignment[] }[] } };
const namesAny = (scope: SitesScope, test: (grant: DesiredAssignment) => boolean) =>
  (scope.desired.sites ?? []).some((site) => site.permissions?.some(test));

/** The path of a site's permissions. */
const permissionsPath = (scope: SiteScope) =>
  subPath(sitePath(scope.organization, scope.ids.site), "/permissions");

const factsOf = (scope: SiteScope): AccessFacts | undefined => scope.live?.details?.access;

const siteName = (scope: SiteScope) => `site ${JSON.stringify(scope.desired.title)}`;

function principalId(desired: DesiredAssignment, scope: SiteScope, ctx: PlanContext): Id {
  // Placed only when a message needs it: finding a position reads the file again.
  const where = () => `${placeOf(desired.at)}: ${siteName(scope)}`;
  if (scope.live || desired.type !== "user") return principalIdOf(desired, factsOf(scope), where, ctx);
  // A site this plan creates has no grants to read, nor the members read with them: a user
  // named by email is found among the organization's members (read for it, site.ts), and a
  // user id goes as it is (the invitation names a user id that is no member).
  if (!isEmail(desired.name)) return desired.name;
  return referencedId(
    ctx,
    addressOf(ROOT, "member", desired.name),
    () =>
      `${where()}: unknown user "${desired.name}" in permissions: name a member of the organization by user id or email`,
  );
}

/** The calls for one type of principal: `users` and `teams` routes have one form. */
const principalRoutes = (type: "user" | "team") => {
  const grantPath = (scope: SiteScope, id: Id) => below(subPath(permissionsPath(scope), `/${type}s`), id);
  return {
    // Not drafted: invitations go through `inviteMany`, a list at a time.
    invite: (): CallDraft => {
      throw new Error("planner bug: a site's grants are invited a list at a time");
    },
    change: (scope: SiteScope, id: Id, role: string): CallDraft => ({
      method: "PATCH",
      path: grantPath(scope, id),
      body: { role },
      summary: `set ${type}'s role on site`,
    }),
    remove: (scope: SiteScope, id: string): CallDraft => ({
      method: "DELETE",
      path: grantPath(scope, id),
      summary: `remove ${type}'s role on site`,
    }),
  };
};

const assignments = assignmentKind<InSite, Located<RawGrant>>({
  kind: "site permission",
  collection: "permissions",
  config: grantListConfig("site-permission"),
  principals: { user: principalRoutes("user"), team: principalRoutes("team") },
  inviteMany: (scope, type, ids) => ({
    method: "POST",
    path: permissionsPath(scope),
    body: { [`${type}s`]: [...ids] },
    summary: ids.length === 1 ? `invite ${type} to site` : `invite ${ids.length} ${type}s to site`,
  }),

  read: (client, scope) =>
    readContainerGrants(
      client,
      subPath(sitePath(scope.organization, liveId(scope.ids.site)), "/permissions"),
      scope,
    ),
  principalId,
  principalOf: principalOwners,
  // The token's access to the site through a team stays while its own grant is lowered: a grant
  // of admin is given before one is taken.
  keptRole: "admin",
  guard: lockoutGuard(
    siteLockoutProblems,
    factsOf,
    (scope) => `${placeOf(scope.desired.at)}: ${siteName(scope)}`,
  ),
});

export const sitePermissionKind: typeof assignments = {
  ...assignments,
  exportOneLine: true,
  toConfig: (live, scope, ctx) =>
    grantConfig(live.item, `site ${JSON.stringify(scope.live?.item.title ?? scope.ids.site)}`, (message) =>
      ctx.warn(message),
    ),
};

/** The kinds the sites' permissions name: teams by title, and the members a site this plan
 * creates names by email (it has no grants to read members with). */
export const sitePermissionRefs = [
  { kind: "team", when: (scope: SitesScope) => namesAny(scope, (grant) => grant.type === "team") },
  {
    kind: "member",
    when: (scope: SitesScope) => namesAny(scope, (grant) => grant.type === "user" && isEmail(grant.name)),
  },
];
