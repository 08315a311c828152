// The spaces a plan puts into sites must exist: the configuration names them by id under
// `spaces:`, and a wrong id would pass the plan and fail the apply half-way. Only the spaces
// that the plan's calls place are read, one request each, all at once.

import type { LiveReader } from "../api/client-types.ts";
import { ApiError } from "../api/errors.ts";
import { DocsyncError } from "../errors.ts";
import type { DesiredState } from "../kinds/registry.ts";
import { placeOf } from "../model/desired.ts";
import type { Plan } from "../model/plan.ts";

/** The space ids a plan's calls place in sites (a new site space, section or site). */
function placedSpaces(plan: Plan): Set<string> {
  const ids = new Set<string>();
  for (const call of plan.calls) {
    if (call.method !== "POST" || call.body === null || typeof call.body !== "object") continue;
    const body = call.body as { spaceId?: unknown; spaces?: unknown };
    if (typeof body.spaceId === "string") ids.add(body.spaceId);
    if (Array.isArray(body.spaces)) for (const id of body.spaces) if (typeof id === "string") ids.add(id);
  }
  return ids;
}

/** Stops, before any write, on a space that the plan places but that does not exist (or is deleted). */
export async function checkPlacedSpaces(
  client: LiveReader,
  desired: DesiredState | undefined,
  plan: Plan,
): Promise<void> {
  const names = new Map(Object.entries(desired?.spaces ?? {}).map(([name, id]) => [id, name]));
  const problems: string[] = [];
  await Promise.all(
    [...placedSpaces(plan)].map(async (id) => {
      const name = names.get(id);
      // Where the configuration names the space, so that the id can be fixed there; looked up
      // only for a problem, as reading a location reads the file's positions.
      const which = () => {
        const at = name === undefined ? undefined : desired?.spacesAt?.[name];
        return `${at ? `${placeOf(at)}: ` : ""}${name === undefined ? `space ${id}` : `space "${name}" (${id})`}`;
      };
      try {
        const space = await client.get<{ deletedAt?: unknown }>(`/spaces/${encodeURIComponent(id)}`);
        if (space?.deletedAt) problems.push(`${which()} is deleted`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) problems.push(`${which()} does not exist`);
        // A token that may place a space in a site but not read it: the API will judge.
        else if (!(error instanceof ApiError && error.status === 403)) throw error;
      }
    }),
  );
  if (problems.length === 0) return;
  const fix = desired ? "fix the ids under spaces:" : "make the plan again";
  throw new DocsyncError(
    "plan.unknown-space",
    `The plan places spaces that cannot be used (${fix}):\n${problems
      .sort()
      .map((problem) => `  ${problem}`)
      .join("\n")}`,
  );
}
