// A team that a SAML provider names as its default team cannot be deleted: the API refuses
// (409) rather than take the provider's default team away. The spec says nothing of it; the
// emulator refuses, and docsync works either way: a plan that deletes a team first changes or
// deletes every provider that names it, or it stops before any write, naming the provider,
// instead of failing half-way through an apply.

import type { LiveReader } from "../../api/client-types.ts";
import { isNotOffered } from "../../api/errors.ts";
import { DocsyncError } from "../../errors.ts";
import { addressOf, ROOT } from "../../model/address.ts";
import { desiredIn } from "../items-of.ts";
import type { OrganizationScope } from "../organization.ts";
import { samlProvidersPath } from "../paths.ts";
import type { LiveNode, PlanContext } from "../types.ts";
import { type LiveSamlProvider, samlProviderKind } from "./saml-provider.ts";

interface Naming {
  id: string;
  label: string;
}

/** What a team's node notes of the SAML providers that name it as their default team. */
export interface ProvidersNamingDetails {
  namedBy: Naming[];
}

type TeamNode = LiveNode<{ id: string; title: string }, Partial<ProvidersNamingDetails>>;

/** Notes on each team of `nodes` (teams the plan may delete) the providers that name it. */
export async function readProvidersNaming(
  client: LiveReader,
  scope: OrganizationScope,
  nodes: readonly TeamNode[],
): Promise<void> {
  if (nodes.length === 0) return;
  let providers: LiveSamlProvider[];
  try {
    providers = await client.list<LiveSamlProvider>(samlProvidersPath(scope.organization));
  } catch (error) {
    // A service without single sign-on has no provider to name a team.
    if (isNotOffered(error)) return;
    throw error;
  }
  for (const node of nodes) {
    const naming = providers
      .filter((provider) => provider.defaultTeam?.id === node.item.id)
      .map(({ id, label }) => ({ id, label }));
    if (naming.length > 0) node.details = { ...node.details, namedBy: naming };
  }
}

/** Whether the plan leaves the provider naming the team: it neither deletes it nor gives it another default team. */
function keepsNaming(
  provider: Naming,
  team: { id: string; title: string },
  scope: OrganizationScope,
  ctx: PlanContext,
) {
  const addresses = [provider.label, `${provider.label}#${provider.id}`].map((key) =>
    addressOf(ROOT, "SAML provider", key),
  );
  if (addresses.some((address) => ctx.deletes(address) === provider.id)) return false;
  const configured = desiredIn(samlProviderKind, scope)?.find(
    (item) => item.id === provider.id || (item.id === undefined && item.label === provider.label),
  );
  const ref = configured?.defaultTeam;
  if (ref === undefined) return true;
  // A title names a configured team, which this plan keeps; an id may name this very team.
  return "id" in ref ? ref.id === team.id : false;
}

/** Stops the plan when deleting `team` would leave a SAML provider naming it, which the API refuses. */
export function checkNoProviderKeepsNaming(team: TeamNode, scope: OrganizationScope, ctx: PlanContext): void {
  const naming = team.details?.namedBy ?? [];
  const kept = naming.filter((provider) => keepsNaming(provider, team.item, scope, ctx));
  if (kept.length === 0) return;
  const names = kept.map((provider) => `"${provider.label}" (${provider.id})`).join(", ");
  throw new DocsyncError(
    "plan.in-use",
    `team "${team.item.title}" (${team.item.id}), which the plan deletes, is the default team of SAML provider ${names}, and the API refuses to delete a team a provider names: give the provider another defaultTeam under samlProviders:, or list the team under teams:`,
  );
}
