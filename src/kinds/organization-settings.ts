// The organization's own settings (spec 4.14): one object, read with GET /orgs/{id} and changed
// with PATCH, written as the `organizationSettings:` mapping. Only the fields the mapping sets
// are managed. Enforcing single sign-on locks out members who cannot sign in that way, and the
// default role decides what every new member may do: both are flagged high-risk.

import { addressOf, createdAmong, ROOT } from "../model/address.ts";
import type { FieldChange } from "../model/plan.ts";
import { orgPath } from "./paths.ts";
import type { DesiredState } from "./registry.ts";
import { samlProviderKind } from "./saml-provider.ts";
import { type DesiredSingleton, singletonKind } from "./shapes/singleton.ts";
import type { CallDraft, PlanContext, Scope } from "./types.ts";

export type DesiredOrganizationSettings = DesiredSingleton;

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
function ordering(change: FieldChange, scope: Scope, ctx: PlanContext): Pick<CallDraft, "needs" | "unrefs"> {
  if (change.field !== "sso") return {};
  if (change.to === true) {
    const providers = (scope.desired as DesiredState).samlProviders ?? [];
    const ids = providers.map((provider) => ctx.idOf(addressOf(ROOT, samlProviderKind.kind, provider.label)));
    return { needs: createdAmong(...ids) };
  }
  const live = scope.live?.children[samlProviderKind.kind] ?? [];
  return { unrefs: live.map((node) => (node.item as { id: string }).id) };
}

export const organizationSettingsKind = singletonKind({
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
  desired: (scope) => (scope.desired as DesiredState).organizationSettings,
  summary: "update organization settings",
  risky,
  ordering,
  exportLeavesOut: "the organization's logo and default content",
});
