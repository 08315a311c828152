// Reads everything docsync manages in an organization, through the kinds' own `read` functions:
// every item of every top-level kind, and below each item all of its children.

import type { LiveReader } from "../api/client-types.ts";
import { allKinds, type DesiredState } from "../kinds/registry.ts";
import { sharedReads } from "../live/shared-reads.ts";
import { readTree } from "../live/walk.ts";
import type { LiveState } from "../model/scope.ts";

/**
 * A configured item that asks for everything: every list is there (so managed), and every
 * detail a kind reads on demand is wanted (a site's adaptive schema). It stands for the
 * organization and for each item alike, since the kinds read only what they need from it.
 */
export function everything(organization: string): DesiredState {
  const all: Record<string, unknown> = {
    files: [],
    organization,
    spaces: {},
    policy: { prune: [] },
    sensitiveValues: [],
    at: { file: "", line: 0, column: 0 },
  };
  for (const kind of allKinds()) {
    all[kind.collection] = [];
    Object.assign(all, kind.detailsWanted);
  }
  return all as unknown as DesiredState;
}

/** The whole live organization, as far as docsync manages it. */
export function readOrganization(client: LiveReader, organization: string): Promise<LiveState> {
  const all = everything(organization);
  return readTree(sharedReads(client), all, {
    reads: () => true,
    below: (_kind, _scope, nodes) => nodes.map((node) => ({ node, desired: all })),
  });
}
