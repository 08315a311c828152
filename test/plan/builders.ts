// In-memory configurations and live states for the planner's direct tests: a site with its
// sections, site spaces and redirects, configured and live, without YAML or HTTP.

import { DEFAULT_PRUNE, type DesiredState, type SourceLocation } from "../../src/config/types.ts";
import type { DesiredSection, LiveSection } from "../../src/kinds/site/section.ts";
import type { DesiredSite, LiveSite } from "../../src/kinds/site/site.ts";
import type { LiveSiteSpace } from "../../src/kinds/site/site-space.ts";
import type { LiveNode } from "../../src/kinds/types.ts";
import type { Plan } from "../../src/model/plan.ts";
import type { LiveState } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";

export const at: SourceLocation = { file: "docsync.yaml", line: 1, column: 1 };
export const SPACES = { guides: "spc_guides", api: "spc_api", sdk: "spc_sdk" };
export type SpaceName = keyof typeof SPACES;

export function desired(parts: Partial<DesiredState>): DesiredState {
  return {
    files: ["docsync.yaml"],
    organization: "org_1",
    spaces: SPACES,
    policy: { prune: [...DEFAULT_PRUNE] },
    sensitiveValues: [],
    ...parts,
  };
}

export const siteSpace = (space: SpaceName, path: string, more: { default?: boolean } = {}) => ({
  at,
  spaceId: SPACES[space],
  spaceName: space,
  path,
  ...more,
});

/** A configured section whose site spaces have their space's name as path. */
export function section(
  path: string,
  title: string,
  spaces: SpaceName[],
  more: Partial<DesiredSection> = {},
) {
  return { at, path, title, siteSpaces: spaces.map((space) => siteSpace(space, space)), ...more };
}

export function site(title: string, more: Partial<DesiredSite> = {}): DesiredSite {
  return { at, title, ...more };
}

export const node = <T extends { id: string }>(
  item: T,
  children: LiveNode["children"] = {},
): LiveNode<T> => ({
  item,
  children,
});

export function liveSiteSpace(id: string, space: SpaceName, path: string, isDefault = false): LiveSiteSpace {
  return { id, path, space: { id: SPACES[space] }, default: isDefault };
}

export function liveSection(
  id: string,
  path: string,
  title: string,
  siteSpaces: LiveSiteSpace[],
  more: Partial<LiveSection> = {},
): LiveNode<LiveSection> {
  return node({ id, path, title, siteSpaces, ...more }, { "site space": siteSpaces.map((s) => node(s)) });
}

export function liveSite(
  id: string,
  title: string,
  children: { sections?: LiveNode[]; groups?: LiveNode[]; root?: LiveNode[]; redirects?: LiveNode[] } = {},
  more: Partial<LiveSite> = {},
): LiveNode<LiveSite> {
  return node(
    { id, title, type: "basic", visibility: "public", ...more },
    {
      section: children.sections ?? [],
      group: children.groups ?? [],
      "site space": children.root ?? [],
      redirect: children.redirects ?? [],
    },
  );
}

export const live = (children: LiveState["children"]): LiveState => ({ item: { id: "org_1" }, children });

/**
 * The plan for one site "Docs" configured with `configured`, against a live "Docs" (site_1)
 * with `liveChildren`, or against no site at all when `liveChildren` is undefined.
 */
export function docsPlan(
  configured: Partial<DesiredSite>,
  liveChildren?: Parameters<typeof liveSite>[2],
): Plan {
  return buildPlan(
    desired({ sites: [site("Docs", configured)] }),
    live({ site: liveChildren ? [liveSite("site_1", "Docs", liveChildren)] : [] }),
  );
}
