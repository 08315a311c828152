// API shapes of the sites family. Everything derived (counters, defaults, URLs, group members)
// is computed here from the records, so a response can never disagree with the store. `draft`
// is false everywhere: every change the API makes is live (the emulator has no drafts).
// Site spaces, sections, groups and redirects are rendered once to JSON text and kept in the
// state's render cache until the next write; a section splices in its site spaces' text, a
// group its sections'. The embedded space carries the caller's permissions: those items are
// cached per caller.

import { isAdmin } from "../core/access.ts";
import type { RequestContext } from "../core/context.ts";
import { type JsonText, jsonText } from "../core/json-text.ts";
import { appUrl, iso, renderSpace } from "../core/render.ts";
import { type EmulatorState, SPACE_RETENTION_MS, type SpaceRecord } from "../core/state.ts";
import { countSiteSpaces, isDefaultIn } from "./containers.ts";
import { featuresOf } from "./features.ts";
import { membersOf } from "./group-store.ts";
import type {
  Container,
  ExternalLinkRecord,
  GroupRecord,
  RedirectRecord,
  SectionRecord,
  SiteRecord,
  SiteSpaceRecord,
} from "./model.ts";
import { groupEntries } from "./navigation.ts";
import { sectionUrl, sitePreviewUrl, siteSpaceUrl, siteUrl } from "./urls.ts";

/**
 * What the caller may do with the site: members read every site of the organization, and its
 * admins change them (the routes require as much).
 */
function sitePermissions(ctx: RequestContext, site: SiteRecord) {
  const admin = isAdmin(ctx, site.organizationId);
  return {
    view: true,
    access: true,
    admin,
    edit: admin,
    create: admin,
    installIntegration: admin,
    viewAdaptiveSchema: true,
    editAdaptiveSchema: admin,
  };
}

export function renderSite(ctx: RequestContext, site: SiteRecord) {
  const { state } = ctx;
  const published = siteUrl(state, site);
  return {
    object: "site",
    id: site.id,
    type: site.type,
    // No site is frozen to a lower type in the emulator: the type it has is the one applied.
    appliedType: site.type,
    title: site.title,
    ...(site.basename !== undefined ? { basename: site.basename } : {}),
    ...(site.proxyOrigin !== undefined ? { proxy: { origin: site.proxyOrigin, target: published } } : {}),
    visibility: site.visibility,
    // A site's content is open to the organization's members at its default role.
    defaultLevel: state.organizations.get(site.organizationId)?.defaultRole ?? null,
    permissions: sitePermissions(ctx, site),
    published: site.published,
    siteSpaces: countSiteSpaces(site),
    createdAt: iso(site.createdAt),
    adaptiveContent: { enabled: site.adaptiveContentEnabled },
    features: featuresOf(site.type),
    urls: {
      location: `${state.baseUrl}/v1/orgs/${site.organizationId}/sites/${site.id}`,
      app: appUrl(`o/${site.organizationId}/sites/${site.id}`),
      published,
      preview: sitePreviewUrl(state, site),
    },
  };
}

/**
 * A space removed for good (7 days after its deletion) shows as it was when added, marked
 * deleted at the latest moment its deletion can have happened.
 */
function removedSpace(state: EmulatorState, snapshot: SpaceRecord): SpaceRecord {
  return {
    ...snapshot,
    deletedAt: snapshot.deletedAt ?? new Date(state.now().getTime() - SPACE_RETENTION_MS),
  };
}

export function renderSiteSpace(
  ctx: RequestContext,
  site: SiteRecord,
  siteSpace: SiteSpaceRecord,
  container: Container,
  section: SectionRecord | undefined,
): JsonText {
  const { state } = ctx;
  const live = state.spaces.get(siteSpace.spaceId);
  const render = () => {
    const space = live ?? removedSpace(state, siteSpace.spaceSnapshot);
    return jsonText({
      object: "site-space",
      id: siteSpace.id,
      path: siteSpace.path,
      ...(section ? { section: section.id } : {}),
      space: renderSpace(state, space, ctx.user.id),
      title: space.title,
      default: isDefaultIn(container, siteSpace),
      draft: false,
      ...(siteSpace.condition !== undefined ? { condition: siteSpace.condition } : {}),
      urls: { published: siteSpaceUrl(state, site, siteSpace, section) },
    });
  };
  // A space removed for good shows a deletion time that follows the clock: never kept.
  return live
    ? state.renderCache.get(siteSpace, ctx.user.id, render)
    : state.renderCache.volatileItem(render);
}

export function renderSection(ctx: RequestContext, site: SiteRecord, section: SectionRecord): JsonText {
  return ctx.state.renderCache.get(section, ctx.user.id, () =>
    jsonText({
      object: "site-section",
      id: section.id,
      title: section.title,
      ...(section.description !== undefined ? { description: section.description } : {}),
      default: site.defaultSectionId === section.id,
      draft: false,
      path: section.path,
      ...(section.condition !== undefined ? { condition: section.condition } : {}),
      ...(section.groupId !== undefined ? { sectionGroup: section.groupId } : {}),
      siteSpaces: section.siteSpaces.map((siteSpace) =>
        renderSiteSpace(ctx, site, siteSpace, section, section),
      ),
      urls: { published: sectionUrl(ctx.state, site, section) },
      ...(section.icon !== undefined ? { icon: section.icon } : {}),
    }),
  );
}

/** SiteExternalLink; the same for every caller. */
export function renderExternalLink(link: ExternalLinkRecord) {
  return {
    object: "site-external-link",
    id: link.id,
    title: link.title,
    ...(link.localizedTitle !== undefined ? { localizedTitle: { ...link.localizedTitle } } : {}),
    ...(link.description !== undefined ? { description: link.description } : {}),
    ...(link.localizedDescription !== undefined
      ? { localizedDescription: { ...link.localizedDescription } }
      : {}),
    ...(link.icon !== undefined ? { icon: link.icon } : {}),
    url: link.url,
    ...(link.groupId !== undefined ? { sectionGroup: link.groupId } : {}),
    draft: link.draft,
    ...(link.condition !== undefined ? { condition: link.condition } : {}),
  };
}

/** A group's `sections` are its sections; its `children`, its sections and external links in order. */
export function renderGroup(ctx: RequestContext, site: SiteRecord, group: GroupRecord): JsonText {
  return ctx.state.renderCache.get(group, ctx.user.id, () => {
    const sections = membersOf(site, group).map((section) => renderSection(ctx, site, section));
    const children = groupEntries(site, group).map((entry) =>
      entry.kind === "section" ? renderSection(ctx, site, entry.record) : renderExternalLink(entry.record),
    );
    return jsonText({
      object: "site-section-group",
      id: group.id,
      title: group.title,
      draft: false,
      sections,
      children,
      ...(group.icon !== undefined ? { icon: group.icon } : {}),
    });
  });
}

/** The same for every caller. */
export function renderRedirect(state: EmulatorState, redirect: RedirectRecord): JsonText {
  return state.renderCache.get(redirect, "", () =>
    jsonText({
      object: "site-redirect",
      id: redirect.id,
      source: redirect.source,
      destination: { ...redirect.destination },
      draft: false,
      permanent: redirect.permanent,
      captureWildcard: redirect.captureWildcard,
      createdAt: iso(redirect.createdAt),
    }),
  );
}

export function renderAdaptiveSchema(site: SiteRecord) {
  return {
    object: "site-adaptive-schema",
    jsonSchema: structuredClone(site.adaptiveSchema.jsonSchema),
    updatedAt: iso(site.adaptiveSchema.updatedAt),
  };
}
