// SAML providers: identity is the label. The certificate is sensitive: compared, never shown.
// The default team is named by a team title of the configuration or by a live team id.

import { addressOf, type Id, ROOT } from "../../model/address.ts";
import { type ItemMeta, type Located, ROLES, type Role } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField, definedFields, patchBody } from "../compare.ts";
import { defined } from "../configured.ts";
import { leafNodes } from "../live-nodes.ts";
import type { TopLevelKind } from "../organization.ts";
import { samlProviderPath, samlProvidersPath } from "../paths.ts";
import type { PlanContext } from "../types.ts";

export interface LiveSamlProvider {
  [field: string]: unknown;
  id: string;
  label: string;
  entityID?: string;
  ssoURL?: string;
  certificate?: string;
  defaultTeam?: { id: string; title?: string } | null;
  defaultRole?: string | null;
}

export interface RawSamlProvider {
  label: string;
  entityID?: string;
  ssoURL?: string;
  certificate?: string;
  /** A team title from `teams:`, or `{ id }` for a live team. */
  defaultTeam?: string | { id: string };
  defaultRole?: Role | null;
}

/** A team named by its title in this configuration, or by a live id. */
type TeamRef = { title: string } | { id: string };

export interface DesiredSamlProvider extends ItemMeta {
  label: string;
  entityID?: string;
  ssoURL?: string;
  /** Sensitive: never printed. */
  certificate?: string;
  defaultTeam?: TeamRef;
  defaultRole?: Role | null;
}

const FIELDS = ["label", "entityID", "ssoURL", "certificate", "defaultTeam", "defaultRole"] as const;

const teamId = (ref: TeamRef, ctx: PlanContext): Id =>
  "id" in ref ? ref.id : ctx.idOf(addressOf(ROOT, "team", ref.title));

function desiredValues(desired: DesiredSamlProvider, ctx: PlanContext) {
  return {
    label: desired.label,
    entityID: desired.entityID,
    ssoURL: desired.ssoURL,
    certificate: desired.certificate,
    defaultTeam: desired.defaultTeam === undefined ? undefined : teamId(desired.defaultTeam, ctx),
    defaultRole: desired.defaultRole,
  };
}

export const samlProviderKind: TopLevelKind<
  "samlProviders",
  { desired: DesiredSamlProvider; live: LiveSamlProvider; raw: Located<RawSamlProvider> }
> = {
  kind: "SAML provider",
  collection: "samlProviders",
  highRisk: true,
  keyKeptUnique: false,
  config: {
    schema: {
      fragment: "saml-provider",
      description:
        "SAML single sign-on providers. Identity: label, or id when given. Absent: SAML providers are not managed.",
    },
    plural: "SAML providers",
    sensitive: ["certificate"],
    identities: [{ field: "label" }, { field: "id", optional: true, hints: false }],
    check(providers, ctx) {
      const titles = ctx.keysOf("teams");
      if (titles === undefined) return;
      for (const provider of providers) {
        const team = provider.value.defaultTeam;
        if (typeof team === "string" && !titles.has(team)) {
          const message = `unknown team "${team}": name a title listed under teams:, or pin a live team with { id: <team id> }`;
          ctx.report(provider, ["defaultTeam"], message);
        }
      }
    },
    resolve({ value }, meta) {
      const { label, entityID, ssoURL, certificate, defaultTeam, defaultRole } = value;
      const team = typeof defaultTeam === "string" ? { title: defaultTeam } : defaultTeam;
      return {
        ...meta,
        label,
        ...defined({ entityID, ssoURL, certificate, defaultTeam: team, defaultRole }),
      };
    },
  },

  // The default team is named by its title: teams are read to find its id.
  refersTo: [
    {
      kind: "team",
      when: (scope) =>
        (scope.desired.samlProviders ?? []).some(
          (p) => p.defaultTeam !== undefined && "title" in p.defaultTeam,
        ),
    },
  ],
  read: async (client, scope) =>
    leafNodes(await client.list<LiveSamlProvider>(samlProvidersPath(scope.organization))),

  key: (provider) => provider.label,
  liveKey: (provider) => provider.label,

  diff(desired, live, _scope, ctx) {
    const want = desiredValues(desired, ctx);
    const have = live?.item;
    const changes: FieldChange[] = [];
    for (const field of FIELDS) {
      const liveValue = field === "defaultTeam" ? (have?.defaultTeam?.id ?? undefined) : have?.[field];
      compareField(changes, field, want[field], liveValue, { sensitive: field === "certificate" });
    }
    return changes;
  },

  create(desired, address, scope, ctx) {
    const want = desiredValues(desired, ctx);
    const body = Object.fromEntries(Object.entries(want).filter(([, value]) => value !== undefined));
    return [
      {
        method: "POST",
        path: samlProvidersPath(scope.organization),
        body,
        summary: "create SAML provider",
        captures: [{ address, pointer: "/id" }],
        recover: { list: samlProvidersPath(scope.organization), match: { label: desired.label } },
      },
    ];
  },
  update(_desired, live, changes, _address, scope) {
    const body = patchBody(changes, FIELDS);
    const unrefs =
      changes.some((change) => change.field === "defaultTeam") && live.item.defaultTeam
        ? [live.item.defaultTeam.id]
        : [];
    return [
      {
        method: "PATCH",
        path: samlProviderPath(scope.organization, live.item.id),
        body,
        summary: "update SAML provider",
        unrefs,
      },
    ];
  },
  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: samlProviderPath(scope.organization, live.item.id),
      summary: "delete SAML provider",
      unrefs: live.item.defaultTeam ? [live.item.defaultTeam.id] : [],
    },
  ],

  // The certificate as read: it is sensitive, so the export writes a variable in its place.
  toConfig(live, _scope, ctx) {
    const provider = live.item;
    const config: Record<string, unknown> = {
      label: provider.label,
      ...definedFields(provider, ["entityID", "ssoURL"]),
    };
    if (typeof provider.certificate === "string" && provider.certificate !== "")
      config.certificate = provider.certificate;
    if (provider.defaultTeam) {
      const id = provider.defaultTeam.id;
      config.defaultTeam = ctx.exportedKey("team", id) ?? { id };
    }
    const role = provider.defaultRole;
    if (role === null || (ROLES as readonly unknown[]).includes(role)) config.defaultRole = role;
    return config;
  },
};
