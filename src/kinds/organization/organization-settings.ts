// The organization's own settings (spec 4.14): one object, read with GET /orgs/{id} and changed
// with PATCH, written as the `organizationSettings:` mapping. Only the fields the mapping sets
// are managed. Enforcing single sign-on locks out members who cannot sign in that way, and the
// default role decides what every new member may do: both are flagged high-risk.

import { addressOf, createdAmong, type Id, ROOT } from "../../model/address.ts";
import type { FieldChange } from "../../model/plan.ts";
import { samlProviderKind } from "../access/saml-provider.ts";
import { childrenOf, desiredIn } from "../items-of.ts";
import type { OrganizationScope } from "../organization.ts";
import { orgPath } from "../paths.ts";
import { type DesiredSingleton, singletonKind } from "../shapes/singleton.ts";
import type { CallDraft, PlanContext, ScopeIn } from "../types.ts";

export type DesiredOrganizationSettings = DesiredSingleton;

/** What the organization gives its settings. */
export interface InOrganization {
  parent: OrganizationScope["desired"];
  parentRaw: unknown;
  parentNode: NonNullable<OrganizationScope["live"]>;
  ids: Record<string, Id>;
}

/** The fields of `PATCH /orgs/{id}` that docsync manages, as `GET /orgs/{id}` answers them. */
const FIELDS = ["title", "emailDomains", "hostname", "defaultRole", "sso", "ai", "inviteLinks"] as const;

function risky(change: FieldChange): string | undefined {
  if (change.field === "sso" && change.to === true)
    return "enforces single sign-on: members who cannot sign in through it lose access";
  if (change.field === "defaultRole") return "changes the role new members get";
  return undefined;
}

/**
 * SSO needs a SAML provider: turning it on waits for the providers this plan creates, and
 * turning it off goes before any provider is deleted (the service keeps the last one while SSO
 * is on).
 */
function ordering(
  change: FieldChange,
  scope: ScopeIn<InOrganization>,
  ctx: PlanContext,
): Pick<CallDraft, "needs" | "unrefs"> {
  if (change.field !== "sso") return {};
  if (change.to === true) {
    const providers = desiredIn(samlProviderKind, scope) ?? [];
    const ids = providers.map((provider) => ctx.idOf(addressOf(ROOT, samlProviderKind.kind, provider.label)));
    return { needs: createdAmong(...ids) };
  }
  return { unrefs: childrenOf(scope.live, samlProviderKind).map((node) => node.item.id) };
}

export const organizationSettingsKind = singletonKind<"organizationSettings", InOrganization>({
  kind: "settings",
  collection: "organizationSettings",
  key: "organization",
  plural: "settings",
  schema: {
    fragment: "organization-settings",
    description:
      "The organization's settings (title, email domains, hostname, default role, SSO, AI, invite links). " +
      "Only the fields given are managed. Absent: the settings are not managed.",
  },
  fields: FIELDS,
  path: (scope) => orgPath(scope.organization),
  summary: "update organization settings",
  risky,
  ordering,
  exportLeavesOut: "the organization's logo and default content",
});
