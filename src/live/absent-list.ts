// A list that answers 404 (or 405) is not an item gone missing: the service has no such list,
// as on a deployment without a feature (no custom fields). The read stops there, before any
// write, with a message that names the configuration key that needs the list, instead of a
// bare 404.

import type { LiveReader } from "../api/client-types.ts";
import { isGoneOrHidden, isNotOffered } from "../api/errors.ts";
import { DocsyncError } from "../errors.ts";
import type { AnyKind, Scope } from "../kinds/types.ts";

/** The error to report for a failed read of `kind`'s list in `scope`: `error` itself unless the list is absent. */
export async function listReadError(
  error: unknown,
  kind: AnyKind,
  scope: Scope,
  client: LiveReader,
): Promise<unknown> {
  if (!isNotOffered(error) || error.method !== "GET") return error;
  // A list of the organization answers 404: the organization itself may be what is missing (a
  // wrong --org), which one more read tells apart from a service without the list.
  if (
    scope.address === "" &&
    error.status === 404 &&
    !(await organizationExists(client, scope.organization))
  ) {
    return new DocsyncError(
      "live.no-organization",
      `Organization ${JSON.stringify(scope.organization)} not found (${error.message.replace(/\.$/, "")}): check ` +
        "the organization id (organization: in the configuration, or DOCSYNC_ORG), and that the token belongs to a member of it.",
      { cause: error },
    );
  }
  const key = kind.collection;
  const where = scope.address === "" ? "" : ` of ${scope.address}`;
  return new DocsyncError(
    "live.list-absent",
    `Cannot read ${key}${where}: ${error.message.replace(/\.$/, "")}, so this service seems not to offer ` +
      `them. Remove ${key} from the configuration, or check the API URL.`,
    { cause: error },
  );
}

async function organizationExists(client: LiveReader, organization: string): Promise<boolean> {
  try {
    await client.get(`/orgs/${encodeURIComponent(organization)}`);
    return true;
  } catch (error) {
    if (isGoneOrHidden(error)) return false;
    return true;
  }
}
