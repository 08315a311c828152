// Reads everything docsync manages in an organization, through the kinds' own `read` functions:
// every item of every top-level kind, and below each item all of its children, concurrently.
// The client bounds how many requests are in flight.

import type { ApiClient } from "../api/client-types.ts";
import type { DesiredSection, DesiredSite, DesiredState } from "../config/types.ts";
import { TOP_LEVEL_KINDS } from "../kinds/registry.ts";
import type { AnyKind, LiveNode, Scope } from "../kinds/types.ts";
import { addressOf } from "../plan/address.ts";
import type { LiveState } from "../plan/build.ts";

/**
 * A configured item that asks for everything: every list is there (so managed), and every
 * detail a kind reads on demand is wanted (a site's adaptive schema). It stands for the
 * organization and for each item alike, since the kinds read only what they need from it.
 */
export function everything(organization: string): DesiredState & DesiredSite & DesiredSection {
  return {
    files: [],
    organization,
    spaces: {},
    teams: [],
    customFields: [],
    samlProviders: [],
    sites: [],
    policy: { prune: [] },
    sensitiveValues: [],
    at: { file: "", line: 0, column: 0 },
    title: "",
    path: "",
    adaptiveSchema: { properties: {} },
    sections: [],
    sectionGroups: [],
    siteSpaces: [],
    redirects: [],
  };
}

/** The scope of the items below `node`, an item of `kind` in `scope`. */
export function scopeBelow(kind: AnyKind, scope: Scope, node: LiveNode<{ id: string }>): Scope {
  return {
    organization: scope.organization,
    address: addressOf(scope.address, kind.kind, kind.liveKey(node.item)),
    desired: scope.desired,
    live: node,
    ids: { ...scope.ids, [kind.kind]: node.item.id },
  };
}

async function readAll(client: ApiClient, kind: AnyKind, scope: Scope, parent: LiveNode): Promise<void> {
  // A parent may have read its children with itself (a section's site spaces).
  parent.children[kind.kind] ??= await kind.read(client, scope);
  const nodes = parent.children[kind.kind] as LiveNode<{ id: string }>[];
  await Promise.all(
    nodes.map(async (node) => {
      const below = scopeBelow(kind, scope, node);
      const details = kind.readDetails?.(client, scope, node, scope.desired);
      const children = (kind.children ?? []).map((child) => readAll(client, child, below, node));
      await Promise.all([details, ...children]);
    }),
  );
}

/** The whole live organization, as far as docsync manages it. */
export async function readOrganization(client: ApiClient, organization: string): Promise<LiveState> {
  const root: LiveState = { item: { id: organization }, children: {} };
  const scope: Scope = { organization, address: "", desired: everything(organization), live: root, ids: {} };
  await Promise.all(TOP_LEVEL_KINDS.map((kind) => readAll(client, kind, scope, root)));
  return root;
}
