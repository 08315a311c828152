import type { RequestContext } from "../core/context.ts";
import { appUrl, iso } from "../core/render.ts";
import type { OrganizationRecord } from "../core/state.ts";

export function renderOrganization(ctx: RequestContext, organization: OrganizationRecord) {
  const member = organization.members.get(ctx.user.id);
  const role = member && !member.disabled ? member.role : undefined;
  const isMember = role !== undefined;
  const admin = role === "admin";
  return {
    object: "organization",
    id: organization.id,
    title: organization.title,
    createdAt: iso(organization.createdAt),
    emailDomains: organization.emailDomains,
    ...(organization.hostname !== undefined ? { hostname: organization.hostname } : {}),
    type: organization.type,
    ...(organization.useCase !== undefined ? { useCase: organization.useCase } : {}),
    ...(organization.communityType !== undefined ? { communityType: organization.communityType } : {}),
    defaultRole: organization.defaultRole,
    ...(organization.defaultContent !== undefined ? { defaultContent: organization.defaultContent } : {}),
    sso: organization.sso,
    ai: organization.ai,
    inviteLinks: organization.inviteLinks,
    plan: organization.plan,
    urls: {
      location: `${ctx.state.baseUrl}/v1/orgs/${organization.id}`,
      app: appUrl(`o/${organization.id}`),
      logo: organization.logo ?? appUrl(`o/${organization.id}/logo.png`),
    },
    // The emulator has no billing, so no organization is or was on a trial: a trial that never
    // was has no end date and no decision, and the service leaves such fields out; none were
    // counted.
    trial: { status: "none", count: 0 },
    // Change requests merge without review rules (merging needs the edit role only).
    mergeRules: { type: "none" },
    permissions: {
      view: isMember,
      access: isMember,
      admin,
      ownTeam: admin,
      viewBilling: admin,
      listMembers: isMember,
      listTeams: isMember,
      createContent: admin || role === "create",
      createOpenAPISpec: admin,
      listIntegrations: isMember,
      listInstallations: isMember,
      installIntegration: admin,
    },
  };
}
