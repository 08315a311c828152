// Whether a saved plan is for the place it is about to be applied to: the same API, the same
// organization as the configuration, calls that stay in that organization,
// and a token that can see it. Each refusal is one line that says what differs.

import type { LiveReader } from "../api/client-types.ts";
import { isGoneOrHidden } from "../api/errors.ts";
import { DocsyncError, type ErrorCode } from "../errors.ts";
import { orgPath } from "../kinds/paths.ts";
import { builtInKinds } from "../kinds/registry.ts";
import { type ApiPath, literalPrefix, pathText } from "../model/references.ts";
import type { SavedPlan } from "./saved.ts";

export interface Destination {
  /** The normalized API root apply talks to. */
  apiUrl: string;
  /** The organization apply was told about, and where it comes from (for the message). */
  organization?: { id: string; from: string };
}

const refuse = (code: ErrorCode, message: string) => new DocsyncError(code, message);

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
  const own = builtInKinds.all.flatMap((kind) => kind.pathsOutsideOrganization ?? []);
  const ownPath = (path: string) =>
    own.some((entry) => (entry.endsWith("/") ? path.startsWith(entry) : path === entry));
  // Spaces and collections are addressed by their id alone: their organization is checked live
  // (checkTokenSees). A path that names an item this plan creates is told by its text up to it.
  const inside = (path: ApiPath) => {
    const { text, whole } = literalPrefix(path);
    if (text === root || text.startsWith(`${root}/`) || ownPath(text)) return true;
    return whole ? spaceOf(text) !== undefined : text.startsWith("/spaces/");
  };
  // Every path apply may send: each call's own, the list it re-reads after an ambiguous create,
  // and its alternate form.
  const outside = plan.calls.find(
    (call) =>
      !inside(call.path) ||
      (call.recover !== undefined && !inside(call.recover.list)) ||
      (call.alternate !== undefined && !inside(call.alternate.path)),
  );
  if (outside !== undefined) {
    throw refuse(
      "plan.other-organization",
      `${file} is for organization ${plan.organization}, but its call ${outside.method} ${pathText(outside.path)} is not; make the plan again with docsync plan --out.`,
    );
  }
}

/** Refuses a plan for an organization the token cannot see (the service answers 404 or 403). */
export async function checkTokenSees(reader: LiveReader, plan: SavedPlan, file: string): Promise<void> {
  try {
    await reader.get(orgPath(plan.organization));
  } catch (error) {
    if (isGoneOrHidden(error)) {
      throw refuse(
        "plan.other-organization",
        `The API token cannot see organization ${plan.organization}, which ${file} was made for; use a token of that organization.`,
      );
    }
    throw error;
  }
  await checkItemsOwned(reader, plan, file);
}

/**
 * Where the API addresses items by their id alone, outside `/orgs/{id}`: spaces, and the kinds'
 * own (`pathsOutsideOrganization`, e.g. collections). Each such item names its organization.
 */
function addressedById(): { spaces: string; containers: string[] } {
  const own = builtInKinds.all.flatMap((kind) => kind.pathsOutsideOrganization ?? []);
  return { spaces: "/spaces/", containers: own.filter((entry) => entry.endsWith("/")) };
}

/** An item a call names: the paths it may be read at (one of them must be in the organization). */
interface NamedItem {
  shown: string;
  paths: string[];
}

/**
 * The live id a path gives under `prefix` (`/spaces/{id}/...`), if it is under it. An item the
 * plan creates (a reference in the path) is in the organization, since the plan creates it there.
 */
function idUnder(prefix: string, path: ApiPath): string | undefined {
  const { text } = literalPrefix(path);
  if (!text.startsWith(prefix)) return undefined;
  const segment = text.slice(prefix.length).split("/")[0]!;
  return segment === "" ? undefined : decodeURIComponent(segment);
}

/**
 * The items a call acts on, by every path it may send, and the one it puts something in: the
 * API names a new place by `parent` in a body (a move, a create), and only containers addressed
 * by id can be one.
 */
function itemsNamed(call: SavedPlan["calls"][number]): NamedItem[] {
  const { spaces, containers } = addressedById();
  const found: NamedItem[] = [];
  const forms = [
    { path: call.path, body: call.body },
    ...(call.alternate ? [{ path: call.alternate.path, body: call.alternate.body }] : []),
    ...(call.recover ? [{ path: call.recover.list, body: undefined }] : []),
  ];
  for (const { path, body } of forms) {
    for (const prefix of [spaces, ...containers]) {
      const id = idUnder(prefix, path);
      if (id !== undefined) {
        const at = `${prefix}${encodeURIComponent(id)}`;
        found.push({ shown: at, paths: [at] });
      }
    }
    // A parent the plan creates is a reference: the body holds null in its place.
    const parent = (body as { parent?: unknown } | undefined)?.parent;
    if (typeof parent === "string" && containers.length > 0) {
      const paths = containers.map((prefix) => `${prefix}${encodeURIComponent(parent)}`);
      found.push({ shown: paths.length === 1 ? paths[0]! : `the parent ${parent}`, paths });
    }
  }
  return found;
}

/**
 * Refuses a plan whose calls change, or put things into, a space or collection of another
 * organization: those are addressed by their id alone, so their organization is read, once each.
 */
async function checkItemsOwned(reader: LiveReader, plan: SavedPlan, file: string): Promise<void> {
  const named = new Map<string, NamedItem>();
  for (const item of plan.calls.flatMap(itemsNamed)) named.set(item.paths.join(" "), item);
  const owners = new Map<string, Promise<string | undefined>>();
  const ownerAt = (path: string) => {
    let owner = owners.get(path);
    if (owner === undefined) {
      owner = reader.get<{ organization?: string }>(path).then(
        (item) => item.organization,
        (error: unknown) => {
          if (isGoneOrHidden(error)) return undefined;
          throw error;
        },
      );
      owners.set(path, owner);
    }
    return owner;
  };
  const checked = await Promise.all(
    [...named.values()].map(async (item) => {
      const found = await Promise.all(item.paths.map(ownerAt));
      return { item, owned: found.includes(plan.organization) };
    }),
  );
  const stranger = checked.find(({ owned }) => !owned);
  if (stranger !== undefined) {
    throw refuse(
      "plan.other-organization",
      `${file} is for organization ${plan.organization}, but its calls name ${stranger.item.shown}, which is not in it (or cannot be read); make the plan again with docsync plan --out.`,
    );
  }
}
