// Live objects of the API that no kind owns (each kind types its own). Only the fields docsync
// reads are typed; the service may send more (kept through the index signature) and enum values
// docsync does not know (typed as plain strings), and the client must not choke on either.

interface Open {
  [field: string]: unknown;
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
