// Live objects as the API returns them. Only the fields docsync reads are typed; the service
// may send more (kept through the index signature) and enum values docsync does not know
// (typed as plain strings), and the client must not choke on either.

interface Open {
  [field: string]: unknown;
}

export interface LiveTeam extends Open {
  object?: "team";
  id: string;
  title: string;
  members?: number;
}

export interface LiveCustomField extends Open {
  id: string;
  name: string;
  type: string;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

export interface LiveSamlProvider extends Open {
  id: string;
  label: string;
  entityID?: string;
  ssoURL?: string;
  certificate?: string;
  defaultTeam?: { id: string; title?: string } | null;
  defaultRole?: string | null;
}

export interface LiveSite extends Open {
  id: string;
  title: string;
  type: string;
  visibility: string;
  basename?: string;
  proxy?: { origin?: string; target?: string } | null;
  adaptiveContent?: { enabled?: boolean };
  published?: boolean;
  siteSpaces?: number;
}

export interface LiveAdaptiveSchema extends Open {
  jsonSchema: Record<string, unknown>;
}

export interface LiveSpaceRef extends Open {
  id: string;
  title?: string;
}

export interface LiveSiteSpace extends Open {
  id: string;
  path: string;
  section?: string | null;
  space: LiveSpaceRef;
  title?: string;
  default?: boolean;
  condition?: string | null;
}

export interface LiveSection extends Open {
  id: string;
  title: string;
  path: string;
  description?: string | null;
  default?: boolean;
  condition?: string | null;
  sectionGroup?: string | null;
  icon?: string | null;
  siteSpaces: LiveSiteSpace[];
}

export interface LiveSectionGroup extends Open {
  id: string;
  title: string;
  icon?: string | null;
  sections: { id: string }[];
}

export interface LiveRedirect extends Open {
  id: string;
  source: string;
  destination: { kind: string; [field: string]: unknown };
}

export interface LiveOrganization extends Open {
  object?: "organization";
  id: string;
  title: string;
  hostname?: string;
  defaultRole?: string | null;
  emailDomains?: string[];
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
}
