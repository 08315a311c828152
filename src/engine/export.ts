// Export: the configuration of a live organization, which then plans to no changes.

import { type ExportResult, exportOrganization, listed } from "../export/export.ts";
import type { Session } from "./session.ts";

export type { SecretVariable } from "../export/secrets.ts";
export { type ExportResult, listed };

export async function exportLive(
  session: Session,
  organization: string,
  options: { pruneOrganizationWide: boolean },
): Promise<ExportResult> {
  return exportOrganization(session.client, organization, {
    pruneOrganizationWide: options.pruneOrganizationWide,
    // The date in the file's header.
    now: new Date(session.clock()),
    kinds: session.kinds,
  });
}
