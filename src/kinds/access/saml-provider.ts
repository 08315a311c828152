// SAML providers: identity is the label. The certificate is sensitive: compared, never shown.
// The default team is named by a team title of the configuration or by a live team id.

import { type ItemMeta, type Located, ROLES, type Role } from "../../model/desired.ts";
import type { TopLevelKind, TopLevelTypes } from "../organization.ts";
import { samlProvidersPath } from "../paths.ts";
import { listedKind } from "../shapes/listed.ts";

/** What the configuration and the answer share. The certificate is sensitive: never printed. */
interface Settings {
  label: string;
  entityID?: string;
  ssoURL?: string;
  certificate?: string;
}
export type LiveSamlProvider = Settings & {
  [field: string]: unknown;
  id: string;
  defaultTeam?: { id: string; title?: string } | null;
  defaultRole?: string | null;
};
/** `defaultTeam`: a team title from `teams:`, or `{ id }` for a live team. */
export type RawSamlProvider = Settings & { defaultTeam?: string | { id: string }; defaultRole?: Role | null };
export type DesiredSamlProvider = ItemMeta &
  Settings & { defaultTeam?: { title: string } | { id: string }; defaultRole?: Role | null };
type Provider = { desired: DesiredSamlProvider; live: LiveSamlProvider; raw: Located<RawSamlProvider> };

export const samlProviderKind: TopLevelKind<"samlProviders", Provider> = {
  ...listedKind<TopLevelTypes<"samlProviders", Provider>, "samlProviders">({
    kind: "SAML provider",
    collection: "samlProviders",
    schema: {
      fragment: "saml-provider",
      description:
        "SAML single sign-on providers. Identity: label, or id when given. Absent: SAML providers are not managed.",
    },
    plural: "SAML providers",
    identities: [{ field: "label" }, { field: "id", optional: true, hints: false }],
    path: (scope) => samlProvidersPath(scope.organization),
    fields: [
      { name: "label" },
      { name: "entityID" },
      { name: "ssoURL" },
      // As read: it is sensitive, so the export writes a variable in its place.
      { name: "certificate", sensitive: true, exported: (value) => value || undefined },
      {
        name: "defaultTeam",
        answer: "defaultTeam.id",
        refers: { kind: "team", collection: "teams", key: "title" },
      },
      {
        name: "defaultRole",
        exported: (role) => (role === null || ROLES.includes(role as Role) ? role : undefined),
      },
    ],
  }),
  highRisk: true,
  keyKeptUnique: false,
};
