// Turns the merged, checked configuration into the DesiredState the planner reads: groups
// flattened, space names resolved to ids, redirect targets in their two forms, defaults filled
// in and a source position on every item.

import { children, type Located, type MergedConfig, sectionsOf } from "./merge.ts";
import type {
  RawCustomField,
  RawRedirect,
  RawSamlProvider,
  RawSite,
  RawSiteSpace,
  RawTeam,
} from "./raw-types.ts";
import {
  DEFAULT_PRUNE,
  type DesiredCustomField,
  type DesiredRedirect,
  type DesiredSamlProvider,
  type DesiredSite,
  type DesiredSiteSpace,
  type DesiredState,
  type DesiredTeam,
  type ItemMeta,
} from "./types.ts";
import { locate } from "./yaml-positions.ts";

type Spaces = Map<string, Located<string>>;

export function resolve(merged: MergedConfig, sensitiveValues: string[]): DesiredState {
  const policy = merged.policy?.value;
  const state: DesiredState = {
    files: merged.files.map((f) => f.name),
    // The merge reports a missing organization; resolve only runs without errors.
    organization: merged.organization?.value ?? "",
    spaces: Object.fromEntries([...merged.spaces].map(([name, id]) => [name, id.value])),
    policy: { prune: [...(policy?.prune ?? DEFAULT_PRUNE)], ...defined({ maxDestroy: policy?.maxDestroy }) },
    sensitiveValues: [...new Set(sensitiveValues)],
  };
  if (merged.teams) state.teams = merged.teams.map(resolveTeam);
  if (merged.customFields) state.customFields = merged.customFields.map(resolveCustomField);
  if (merged.samlProviders) state.samlProviders = merged.samlProviders.map(resolveSamlProvider);
  if (merged.sites) state.sites = merged.sites.map((site) => resolveSite(site, merged.spaces));
  return state;
}

function resolveTeam(team: Located<RawTeam>): DesiredTeam {
  const { title, members } = team.value;
  return { ...meta(team), title, ...defined({ members }) };
}

function resolveCustomField(field: Located<RawCustomField>): DesiredCustomField {
  const { name, type, title, description, placeholder, options } = field.value;
  return { ...meta(field), name, type, ...defined({ title, description, placeholder, options }) };
}

function resolveSamlProvider(provider: Located<RawSamlProvider>): DesiredSamlProvider {
  const { label, entityID, ssoURL, certificate, defaultTeam, defaultRole } = provider.value;
  const team = typeof defaultTeam === "string" ? { title: defaultTeam } : defaultTeam;
  return {
    ...meta(provider),
    label,
    ...defined({ entityID, ssoURL, certificate, defaultTeam: team, defaultRole }),
  };
}

function resolveSite(site: Located<RawSite>, spaces: Spaces): DesiredSite {
  const { id, title, type, visibility, basename, proxy, adaptiveContent, adaptiveSchema } = site.value;
  const desired: DesiredSite = {
    ...meta(site),
    ...defined({ id }),
    title,
    ...defined({ type, visibility, basename, proxy, adaptiveContent, adaptiveSchema }),
  };
  if (site.value.sections !== undefined) {
    const { sections, groups } = sectionsOf(site);
    desired.sections = sections.map((section) => {
      const { path, title, description, icon, condition, default: isDefault, siteSpaces } = section.value;
      return {
        ...meta(section),
        path,
        title,
        ...defined({ description, icon, condition, default: isDefault, group: section.group }),
        siteSpaces: children(section, "siteSpaces", siteSpaces).map((s) => resolveSiteSpace(s, spaces)),
      };
    });
    desired.sectionGroups = groups.map((group) => ({
      ...meta(group),
      title: group.value.group,
      ...defined({ icon: group.value.icon }),
      sections: group.value.sections.map((s) => s.path),
    }));
  }
  if (site.value.siteSpaces !== undefined) {
    desired.siteSpaces = children(site, "siteSpaces", site.value.siteSpaces).map((s) =>
      resolveSiteSpace(s, spaces),
    );
  }
  if (site.value.redirects !== undefined) {
    desired.redirects = children(site, "redirects", site.value.redirects).map(resolveRedirect);
  }
  return desired;
}

function resolveSiteSpace(siteSpace: Located<RawSiteSpace>, spaces: Spaces): DesiredSiteSpace {
  const { space, path, condition, default: isDefault } = siteSpace.value;
  // The semantic checks have reported unknown space names, so the lookup cannot miss here.
  const spaceId = spaces.get(space)!.value;
  return {
    ...meta(siteSpace),
    spaceId,
    spaceName: space,
    path,
    ...defined({ condition, default: isDefault }),
  };
}

function resolveRedirect(redirect: Located<RawRedirect>): DesiredRedirect {
  const { source, to, destination } = redirect.value;
  // Built field by field rather than spread together: a site may have 100,000 redirects.
  const desired = meta(redirect) as DesiredRedirect;
  desired.source = source;
  desired.destination =
    to !== undefined
      ? { kind: "site-section", sectionPath: to.section }
      : { kind: "raw", value: { ...destination } };
  return desired;
}

function meta(item: Located<{ protect?: boolean; was?: string; id?: string }>): ItemMeta {
  const { protect, was, id } = item.value;
  const meta: ItemMeta = { at: locate(item.file, item.path) };
  if (protect !== undefined) meta.protect = protect;
  if (was !== undefined) meta.was = was;
  if (id !== undefined) meta.id = id;
  return meta;
}

/** The entries whose value is not undefined, so optional fields stay absent rather than undefined. */
function defined<T extends object>(fields: T): Partial<T> {
  const present: Partial<T> = {};
  for (const key in fields) if (fields[key] !== undefined) present[key] = fields[key];
  return present;
}
