// A read that answers 404 (or 405) is not an item gone missing: the service has no such list, or
// no such facts about an item, as on a deployment without a feature (no custom fields). The walk
// notes each such read and goes on; what to do about them is the caller's: a plan stops before
// any write, with one line per absent read naming the configuration key that needs it (in the
// order of the walk, whichever answered first), and an export leaves those keys out.

import { wrongApiUrlError } from "../api/absent-route.ts";
import type { LiveReader } from "../api/client-types.ts";
import { type ApiError, isGoneOrHidden, isNotOffered } from "../api/errors.ts";
import { DocsyncError } from "../errors.ts";
import type { AnyKind, LiveNode, Scope } from "../kinds/types.ts";

/** A read the service does not offer. */
export interface AbsentRead {
  /** The configuration key whose live values it reads: a kind's collection, or its `detailsKey`. */
  key: string;
  /** The kind whose list (or whose items' details) it reads. */
  kind: AnyKind;
  /** Whether it reads details of the item `node` rather than the list of `kind` below `node`. */
  details: boolean;
  /** The address of the item the list is below, or whose details these are; "" at the top. */
  where: string;
  node: LiveNode;
  error: ApiError;
  /** The read's place in the walk (the position of each kind and item on the way down). */
  at: readonly number[];
}

/**
 * What a failed read of `key` in `scope` means: the absent read to note, when the service does
 * not offer it. Anything else is thrown: `error` itself, or, when a list of the organization
 * answers 404 because the organization itself is missing (a wrong --org), a message that says so.
 */
export async function absentRead(
  error: unknown,
  client: LiveReader,
  scope: Scope,
  read: Omit<AbsentRead, "error">,
): Promise<AbsentRead> {
  if (!isNotOffered(error) || error.method !== "GET") throw error;
  // One more read tells a service without the list from a missing organization.
  if (
    scope.address.length === 0 &&
    error.status === 404 &&
    !(await organizationExists(client, scope.organization))
  ) {
    throw new DocsyncError(
      "live.no-organization",
      `Organization ${JSON.stringify(scope.organization)} not found (${error.message.replace(/\.$/, "")}): check ` +
        "the organization id (organization: in the configuration, or DOCSYNC_ORG), and that the token belongs to a member of it.",
      { cause: error },
    );
  }
  return { ...read, error };
}

/** The reads in the order of the walk, whatever order they answered in. */
export function inWalkOrder(reads: readonly AbsentRead[]): AbsentRead[] {
  const compare = (a: readonly number[], b: readonly number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  return [...reads].sort((a, b) => compare(a.at, b.at));
}

/** `customFields`, or `redirects of site "Docs"`. */
export const absentKey = (read: AbsentRead): string =>
  read.where === "" ? read.key : `${read.key} of ${read.where}`;

/** The error a plan stops with: one line per absent read, each naming its configuration key. */
export function absentReadsError(reads: readonly AbsentRead[]): DocsyncError {
  const lines = inWalkOrder(reads).map(
    (read) =>
      `Cannot read ${absentKey(read)}: ${read.error.message.replace(/\.$/, "")}, so this service seems not ` +
      `to offer them. Remove ${read.key} from the configuration, or check the API URL.`,
  );
  return new DocsyncError("live.list-absent", lines.join("\n"), { cause: reads[0]?.error });
}

async function organizationExists(client: LiveReader, organization: string): Promise<boolean> {
  try {
    await client.get(`/orgs/${encodeURIComponent(organization)}`);
    return true;
  } catch (error) {
    // The organization is a route every API has: without it, the API URL is wrong.
    const wrongUrl = wrongApiUrlError(error);
    if (wrongUrl) throw wrongUrl;
    if (isGoneOrHidden(error)) return false;
    return true;
  }
}
