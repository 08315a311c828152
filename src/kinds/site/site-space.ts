// Site spaces: a space published in a section, or at the root of a site without sections.
// Identity is what the API keeps unique: the space, within its container (a space appears once
// per section, or once at the root). The path is a field that a PATCH changes; another space is
// another site space. The order is the container's.

import type { Address, Id } from "../../model/address.ts";
import type { Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField, patchBody } from "../compare.ts";
import { childrenOf } from "../items-of.ts";
import { leafNodes } from "../live-nodes.ts";
import {
  liveId,
  movePosition,
  sectionPath,
  sitePath,
  siteSpacePath,
  siteSpacesPath,
  subPath,
} from "../paths.ts";
import { changing, removing } from "../shapes/concerns.ts";
import type { CallDraft, KindModule, PlanContext, ScopeIn, Types } from "../types.ts";
import type { RawSection } from "./site-navigation.ts";
import { addTurn, siteSpaceConcerns, turnsAfter as turnsAfterAdd } from "./site-space-claims.ts";
import { siteSpaceConfig } from "./site-space-config.ts";
import { siteSpaceCustomizationKind } from "./site-space-customization.ts";
import type {
  DesiredSection,
  DesiredSite,
  DesiredSiteSpace,
  LiveSiteSpace,
  RawSite,
  RawSiteSpace,
  SectionNode,
  SiteNode,
} from "./site-types.ts";

export type { DesiredSiteSpace, RawSiteSpace } from "./site-space-config.ts";
export type { LiveSiteSpace, LiveSpaceRef } from "./site-types.ts";

const PATCHABLE = ["path", "condition"] as const;

type Container = "site" | "section";

/** A site's root (its own scope) or a section's: the section's id is there only for a section. */
interface InContainer {
  parent: DesiredSite | DesiredSection;
  parentRaw: RawSite | RawSection;
  parentNode: SiteNode | SectionNode;
  ids: { site: Id; section?: Id };
}
type ContainerScope = ScopeIn<InContainer>;
type SiteSpaceKind = KindModule<
  Types<InContainer & { desired: DesiredSiteSpace; live: LiveSiteSpace; raw: Located<RawSiteSpace> }>
>;

const siteId = (scope: ContainerScope) => scope.ids.site;
const sectionId = (scope: ContainerScope): Id => {
  if (scope.ids.section === undefined)
    throw new Error("planner bug: a section's site space without its section");
  return scope.ids.section;
};
/** The turns of the container's items after `index`: an item given a temporary path releases them. */
const turnsAfter = (scope: ContainerScope, index: number) =>
  turnsAfterAdd(scope, index, scope.desired.siteSpaces?.length ?? 0);

/** The default of a container is set on its parent: the site (root) or the section. */
function makeDefault(container: Container, scope: ContainerScope, id: Id): CallDraft {
  const path =
    container === "site"
      ? sitePath(scope.organization, siteId(scope))
      : sectionPath(scope.organization, siteId(scope), sectionId(scope));
  return { method: "PATCH", path, body: { defaultSiteSpace: id }, summary: "make default site space" };
}

/**
 * A PATCH of a site space's settings, `was` what it held (a new one holds no path docsync
 * knows): the path values it takes and gives up, and the turns of the adds it releases.
 */
function configure(
  scope: ContainerScope,
  ctx: PlanContext,
  { id, body, was }: { id: Id; body: Record<string, unknown>; was: object },
  turns: string[],
  summary: string,
): CallDraft {
  const path = siteSpacePath(scope.organization, siteId(scope), id);
  const {
    claims = [],
    releases = [],
    temporary,
  } = changing(siteSpaceConcerns, scope, { id, to: body, was }, ctx);
  const call: CallDraft = { method: "PATCH", path, body, summary, claims, releases: [...releases, ...turns] };
  // Only an item that gives a value up can go by a temporary one (to exchange values).
  if (temporary && call.releases!.length > 0) call.temporary = temporary;
  return call;
}

/** The POST that adds the space to its container, recoverable from a lost answer. */
function addCall(
  container: Container,
  desired: DesiredSiteSpace,
  address: Address,
  scope: ContainerScope,
  index: number,
  existing: string[],
): CallDraft {
  const body: Record<string, unknown> = { spaceId: desired.spaceId };
  const match: Record<string, unknown> = { "space.id": desired.spaceId };
  if (container === "section") {
    body.sectionId = scope.ids.section;
    match.section = scope.ids.section;
  }
  return {
    method: "POST",
    path: siteSpacesPath(scope.organization, siteId(scope)),
    body,
    summary: "add site space",
    captures: [{ address, pointer: "/id" }],
    claims: [addTurn(scope, index)],
    recover: {
      list: siteSpacesPath(scope.organization, siteId(scope)),
      match,
      exclude: existing,
      // A space is once in its container: one another run added meanwhile is this one (the
      // call after it sets its path).
      adopt: {},
    },
  };
}

function diffSiteSpace(desired: DesiredSiteSpace, live: { item: LiveSiteSpace } | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  if (!live) changes.push({ field: "space", to: desired.spaceName });
  for (const field of PATCHABLE) compareField(changes, field, desired[field], live?.item[field]);
  if (desired.default === true && live?.item.default !== true) {
    changes.push(live ? { field: "default", from: false, to: true } : { field: "default", to: true });
  }
  return changes;
}

/**
 * A site's root site spaces matter while it has no sections, whether or not the configuration
 * lists root site spaces: the first section created takes them over.
 */
function rootSiteSpacesMatter(scope: ContainerScope): boolean {
  if (!("sections" in scope.desired) || scope.desired.sections === undefined) return false;
  const live = scope.live;
  if (!live || (live.children.section?.length ?? 0) > 0) return false;
  // A site's count of its root site spaces.
  const count = live.item.siteSpaces;
  return typeof count !== "number" || count > 0;
}

function siteSpaceKind(container: Container): SiteSpaceKind {
  const kind: SiteSpaceKind = {
    kind: "site space",
    collection: "siteSpaces",
    config: siteSpaceConfig,
    children: [siteSpaceCustomizationKind],
    exportOneLine: true,
    ordered: true,
    outline: { fields: ["path"], flag: "default" },
    // A section must keep a site space, and a new default must exist before the old one goes.
    deleteAfterCreates: true,
    // The first section created in a site takes over its root site spaces: they matter while the
    // site has no sections, whether or not the configuration lists root site spaces.
    ...(container === "site" ? { readAfter: ["section"] } : {}),

    readAnyway: rootSiteSpacesMatter,
    async read(client, scope) {
      if (container === "section") {
        const inSection = scope.live?.item.siteSpaces;
        return leafNodes(Array.isArray(inSection) ? inSection : []);
      }
      const all = await client.list<LiveSiteSpace>(siteSpacesPath(scope.organization, liveId(siteId(scope))));
      return leafNodes(all.filter((siteSpace) => !siteSpace.section));
    },

    key: (siteSpace) => siteSpace.spaceId,
    liveKey: (siteSpace) => siteSpace.space.id,
    label: (siteSpace) => siteSpace.spaceName,
    liveLabel(siteSpace, configuration) {
      const id = siteSpace.space.id;
      return Object.keys(configuration.spaces).find((name) => configuration.spaces[name] === id) ?? id;
    },

    diff: diffSiteSpace,
    create(desired, address, scope, ctx, info) {
      const id = ctx.idOf(address);
      const calls: CallDraft[] = [];
      // A new section is created with its first site space, a new site with its root site
      // spaces (the `spaces` form of its create): only their settings remain to be made.
      const madeWithParent = info.parentIsNew && (container === "site" || info.index === 0);
      if (!madeWithParent) {
        const existing = childrenOf(scope.live, kind).map((node) => node.item.id);
        calls.push(addCall(container, desired, address, scope, info.index, existing));
      }
      const settings: Record<string, unknown> = { path: desired.path };
      if (typeof desired.condition === "string") settings.condition = desired.condition;
      const configured = { id, body: settings, was: {} };
      calls.push(configure(scope, ctx, configured, turnsAfter(scope, info.index), "configure site space"));
      if (desired.default && !info.firstInEmptyContainer) calls.push(makeDefault(container, scope, id));
      return calls;
    },

    update(_desired, live, changes, _address, scope, ctx) {
      const calls: CallDraft[] = [];
      const body = patchBody(changes, PATCHABLE);
      if (Object.keys(body).length > 0) {
        const turns = body.path !== undefined ? turnsAfter(scope, -1) : [];
        const configured = { id: live.item.id, body, was: live.item };
        calls.push(configure(scope, ctx, configured, turns, "update site space"));
      }
      if (changes.some((change) => change.field === "default"))
        calls.push(makeDefault(container, scope, live.item.id));
      return calls;
    },

    remove: (live, _address, scope, ctx) => [
      {
        method: "DELETE",
        path: siteSpacePath(scope.organization, siteId(scope), live.item.id),
        summary: "remove site space",
        ...removing(siteSpaceConcerns, scope, live.item, ctx),
      },
    ],

    move: (id, position, scope) => ({
      method: "POST",
      path: subPath(siteSpacePath(scope.organization, siteId(scope), id), "/move"),
      body: movePosition("site-space", "siteSpace", position),
      summary: "move site space",
    }),

    toConfig(live, _scope, ctx) {
      const siteSpace = live.item;
      const config: Record<string, unknown> = { space: ctx.space(siteSpace.space.id), path: siteSpace.path };
      if (typeof siteSpace.condition === "string") config.condition = siteSpace.condition;
      if (siteSpace.default === true) config.default = true;
      return config;
    },
  };
  return kind;
}

export const rootSiteSpaceKind = siteSpaceKind("site");
export const sectionSiteSpaceKind = siteSpaceKind("section");
