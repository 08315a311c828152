// Whether a saved plan is for the place it is about to be applied to: the same API, the same
// organization as the configuration (or DOCSYNC_ORG), calls that stay in that organization,
// and a token that can see it. Each refusal is one line that says what differs.

import type { LiveReader } from "../api/client-types.ts";
import { ApiError } from "../api/errors.ts";
import { DocsyncError } from "../errors.ts";
import { orgPath } from "../kinds/paths.ts";
import { allKinds } from "../kinds/registry.ts";
import type { SavedPlan } from "./saved.ts";

export interface Destination {
  /** The normalized API root apply talks to. */
  apiUrl: string;
  /** The organization apply was told about, and where it comes from (for the message). */
  organization?: { id: string; from: string };
}

const refuse = (code: string, message: string) => new DocsyncError(code, message);

/** Reads that belong to no organization: the user the token belongs to. */
const ANYWHERE = new Set(["/user"]);

/** The space a path is under (`/spaces/{id}/...`), if it is. */
function spaceOf(path: string): string | undefined {
  const match = /^\/spaces\/([^/]+)(?:\/|$)/.exec(path);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** Refuses a plan made for another API or organization, or whose calls leave its organization. */
export function checkDestination(plan: SavedPlan, file: string, here: Destination): void {
  if (plan.apiUrl !== here.apiUrl) {
    throw refuse(
      "plan.other-api",
      `${file} was made for the API at ${plan.apiUrl}, not ${here.apiUrl}; make a plan against this API with docsync plan --out.`,
    );
  }
  const { organization } = here;
  if (organization !== undefined && organization.id !== plan.organization) {
    throw refuse(
      "plan.other-organization",
      `${file} was made for organization ${plan.organization}, not ${organization.id} (${organization.from}); make a plan for it with docsync plan --out.`,
    );
  }
  const root = orgPath(plan.organization);
  // The kinds' own paths of items of the organization that are not below it (`/collections/{id}`).
  const own = allKinds().flatMap((kind) => kind.pathsOutsideOrganization ?? []);
  const ownPath = (path: string) =>
    own.some((entry) => (entry.endsWith("/") ? path.startsWith(entry) : path === entry));
  // A space is addressed by its id alone: its organization is checked live (checkTokenSees).
  const inside = (path: string) =>
    path === root || path.startsWith(`${root}/`) || ownPath(path) || spaceOf(path) !== undefined;
  // Every path apply may send: each call's own, the list it re-reads after an ambiguous create,
  // and its alternate form.
  const outside =
    plan.calls.find(
      (call) =>
        !inside(call.path) ||
        (call.recover !== undefined && !inside(call.recover.list)) ||
        (call.alternate !== undefined && !inside(call.alternate.path)),
    ) ?? plan.reads.find((read) => !inside(read.path) && !ANYWHERE.has(read.path));
  if (outside !== undefined) {
    const what = "method" in outside ? `call ${outside.method} ${outside.path}` : `read ${outside.path}`;
    throw refuse(
      "plan.other-organization",
      `${file} is for organization ${plan.organization}, but its ${what} is not; make the plan again with docsync plan --out.`,
    );
  }
}

/** Refuses a plan for an organization the token cannot see (the service answers 404 or 403). */
export async function checkTokenSees(reader: LiveReader, plan: SavedPlan, file: string): Promise<void> {
  try {
    await reader.get(orgPath(plan.organization));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
      throw refuse(
        "plan.other-organization",
        `The API token cannot see organization ${plan.organization}, which ${file} was made for; use a token of that organization.`,
      );
    }
    throw error;
  }
  await checkSpacesOwned(reader, plan, file);
}

/** Refuses a plan whose calls change a space of another organization: one read per space. */
async function checkSpacesOwned(reader: LiveReader, plan: SavedPlan, file: string): Promise<void> {
  const ids = new Set(plan.calls.flatMap((call) => spaceOf(call.path) ?? []));
  const owners = await Promise.all(
    [...ids].map(async (id) => {
      try {
        return [
          id,
          (await reader.get<{ organization?: string }>(`/spaces/${encodeURIComponent(id)}`)).organization,
        ];
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403))
          return [id, undefined];
        throw error;
      }
    }),
  );
  const stranger = owners.find(([, owner]) => owner !== plan.organization);
  if (stranger !== undefined) {
    throw refuse(
      "plan.other-organization",
      `${file} is for organization ${plan.organization}, but space ${stranger[0]} it changes is not in it (or cannot be read); make the plan again with docsync plan --out.`,
    );
  }
}
