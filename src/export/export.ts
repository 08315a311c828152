// `docsync export`: the configuration of a live organization, written so that it loads, and plans
// to no change against that organization. Reading and writing follow the kinds (see convert.ts);
// this file adds what belongs to the whole file: the organization, space names (and the spaces'
// own entries, from the kinds written under `spaces:`) and the policy.

import { wrongApiUrlError } from "../api/absent-route.ts";
import type { ApiClient, LiveReader } from "../api/client-types.ts";
import { isGoneOrHidden } from "../api/errors.ts";
import type { LiveOrganization } from "../api/types.ts";
import { DocsyncError } from "../errors.ts";
import { type KindSet, pluralOf } from "../kinds/kind-set.ts";
import { orgPath } from "../kinds/paths.ts";
import { builtInKinds } from "../kinds/registry.ts";
import { factorBranding } from "../kinds/site/branding-export.ts";
import type { AnyKind } from "../kinds/types.ts";
import { type AbsentRead, absentKey, inWalkOrder } from "../live/absent-list.ts";
import { sharedReads } from "../live/shared-reads.ts";
import { Redactor } from "../secrets/redactor.ts";
import { type Conversion, convert } from "./convert.ts";
import { readFound, readOrganization } from "./read.ts";
import type { SecretVariable } from "./secrets.ts";
import { nameSpaces, readSpaceTitles } from "./spaces.ts";
import { renderYaml } from "./yaml.ts";

export interface ExportOptions {
  /** Also prune the organization-wide kinds (sites, teams, custom fields, SAML providers). */
  pruneOrganizationWide?: boolean;
  /** When the export is made, for the header. */
  now?: Date;
  /** The kinds to export; default: the built-in ones. */
  kinds?: KindSet;
}

export interface ExportResult {
  yaml: string;
  /** What the configuration cannot say exactly; the file is written all the same. */
  warnings: string[];
  /** How many items of each top-level kind the file lists. */
  counts: Partial<Record<string, number>>;
  /** The variables the file interpolates in place of live secrets, for the user to set. */
  variables: SecretVariable[];
}

async function readOrganizationInfo(client: LiveReader, organization: string): Promise<LiveOrganization> {
  try {
    return await client.get<LiveOrganization>(orgPath(organization));
  } catch (error) {
    const wrongUrl = wrongApiUrlError(error);
    if (wrongUrl) throw wrongUrl;
    if (isGoneOrHidden(error)) {
      throw new DocsyncError(
        "live.no-organization",
        `Organization ${JSON.stringify(organization)} not found: check --org (or DOCSYNC_ORG), and that the ` +
          `token belongs to a member of it (${error.message}).`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Whether the items of the top-level kind under `collection` are entries of `spaces:`
 * (`config.schema.inRoot`). */
const inRoot = (kinds: KindSet, collection: string): boolean =>
  kinds.topLevelOf(collection)?.config.schema.inRoot === true;

/** Whether the export finds the live items of the kind under `collection` (`exportFind`). */
const foundByExport = (kinds: KindSet, collection: string): boolean =>
  kinds.topLevelOf(collection)?.exportFind !== undefined;

/** The exported entries of `spaces:` by space id: the items of the kinds written there. */
function rootEntries(conversion: Conversion, kinds: KindSet): Map<string, Record<string, unknown>> {
  const entries = new Map<string, Record<string, unknown>>();
  for (const [collection, items] of conversion.lists) {
    if (!inRoot(kinds, collection)) continue;
    for (const item of items) if (typeof item.id === "string") entries.set(item.id, item);
  }
  return entries;
}

/** The titles the exported entries of `spaces:` give: those spaces need no further read. */
function knownTitles(entries: ReadonlyMap<string, Record<string, unknown>>): Map<string, string> {
  const titles = new Map<string, string>();
  for (const [id, entry] of entries) if (typeof entry.title === "string") titles.set(id, entry.title);
  return titles;
}

/** How the export's notes name the items of a collection. */
const words = (kinds: KindSet, collection: string): string => {
  const kind = kinds.topLevelOf(collection);
  return kind ? pluralOf(kind) : collection;
};

/** `a, b and c` */
export function listed(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** What the kinds leave out of an export, each kind before its children. */
function leftOut(kinds: readonly AnyKind[]): string[] {
  return kinds.flatMap((kind) => [
    ...(kind.exportLeavesOut ? [kind.exportLeavesOut] : []),
    ...leftOut(kind.children ?? []),
  ]);
}

/** Lines of at most 92 characters, broken between words. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > 92) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** What an absent list takes out of the export with it: the kinds below it, those found through it. */
function leftOutWith(read: AbsentRead, kinds: KindSet): string[] {
  const below = read.details ? [] : (read.kind.children ?? []).map((kind) => `their ${pluralOf(kind)}`);
  const found = kinds.topLevel.flatMap((kind) => {
    const through = read.where === "" && !read.details ? kind.exportFindsThrough?.[read.key] : undefined;
    return through === undefined ? [] : [through];
  });
  return [...below, ...found];
}

/**
 * What the export leaves out because the service does not offer it: one warning per
 * configuration key (the first read of it, and how many more), and the keys for the header.
 */
function notOffered(absent: readonly AbsentRead[], kinds: KindSet): { warnings: string[]; keys: string[] } {
  const byKey = new Map<string, AbsentRead[]>();
  const needed = absent.find((read) => read.where === "" && !read.details && read.kind.exportNeeds);
  if (needed) {
    throw new DocsyncError(
      "export.list-absent",
      `Cannot export: ${needed.error.message.replace(/\.$/, "")}, and there is no export without ` +
        `${pluralOf(needed.kind)}. Check the API URL (--api-url or DOCSYNC_API_URL) and the organization.`,
      { cause: needed.error },
    );
  }
  for (const read of inWalkOrder(absent)) {
    const reads = byKey.get(read.key);
    if (reads) reads.push(read);
    else byKey.set(read.key, [read]);
  }
  const warnings = [...byKey.values()].map(([first, ...more]) => {
    const others =
      more.length === 0 ? "" : `, and so did ${more.length} more read${more.length === 1 ? "" : "s"} of them`;
    const along = leftOutWith(first!, kinds);
    return (
      `${absentKey(first!)}: not exported, since this service does not offer them ` +
      `(${first!.error.message.replace(/\.$/, "")}${others}); the file leaves them unmanaged` +
      (along.length === 0 ? "" : `, and with them ${listed(along)}`)
    );
  });
  // The header names what goes with each key too.
  const keys = [...byKey.entries()].map(([key, [first]]) => {
    const along = leftOutWith(first!, kinds);
    return along.length === 0 ? key : `${key} (and with them ${listed(along)})`;
  });
  return { warnings, keys };
}

/**
 * The configuration's mapping: the spaces' names, each exported list (a singleton as its one
 * mapping) and the policy, which prunes what the file manages and says what it leaves alone.
 */
function configurationBody(
  result: Conversion,
  names: Map<string, string>,
  organization: string,
  options: ExportOptions,
): { body: Record<string, unknown>; counts: ExportResult["counts"] } {
  const kinds = options.kinds ?? builtInKinds;
  const body: Record<string, unknown> = { version: 1, organization };
  const entries = rootEntries(result, kinds);
  if (names.size > 0)
    body.spaces = Object.fromEntries([...names].map(([id, name]) => [name, entries.get(id) ?? id]));
  const counts: ExportResult["counts"] = {};
  for (const [collection, items] of result.lists) {
    if (inRoot(kinds, collection)) {
      counts[collection] = items.length;
      continue;
    }
    // A singleton is written as its one mapping, as the configuration gives it.
    const single = kinds.topLevelOf(collection)?.singleton;
    if (single && items.length === 0) continue;
    body[collection] = single ? items[0] : items;
    counts[collection] = items.length;
  }
  // The kinds inside sites belong to the sites: a file that manages sites prunes inside them,
  // also once it lists a site that it does not list yet.
  // A kind whose items the export finds is never pruned: only the items a file names are read.
  const managed = kinds.prunable
    .filter((kind) => {
      const container = kinds.nestedIn.get(kind);
      return result.managed.has(kind) || (container !== undefined && result.managed.has(container));
    })
    .filter((kind) => !foundByExport(kinds, kind));
  const prune = managed.filter((kind) => options.pruneOrganizationWide || kinds.nestedIn.has(kind));
  const policy = { prune };
  body.policy = policy;
  const left = managed.filter((kind) => !prune.includes(kind));
  if (left.length > 0) {
    const names = listed(left.map((collection) => words(kinds, collection)));
    result.notes.set(policy, [
      {
        key: "prune",
        text:
          `Live ${names} that this file does not list are left alone.\n` +
          `To have docsync delete them, add ${left.join(", ")} to prune.`,
      },
    ]);
  }
  return { body, counts };
}

export async function exportOrganization(
  client: ApiClient,
  organization: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  // One reader for every pass: each path is asked for once (the organization, the token's user).
  const kinds = options.kinds ?? builtInKinds;
  const reader = sharedReads(client);
  const info = await readOrganizationInfo(reader, organization);
  const { live, absent } = await readOrganization(reader, organization, kinds);

  // First pass: which spaces are named and which items are exported, without names yet.
  const first = convert(live, organization, { kinds, space: (id) => id, absent });
  if (first.collisions.length > 0) {
    const list = first.collisions.map((collision) => `  ${collision}`).join("\n");
    throw new DocsyncError(
      "export.ambiguous",
      `Cannot export organization ${JSON.stringify(organization)}: docsync tells these items apart by their ` +
        `title, label or path, and each is more than one live item:\n${list}\n` +
        "Rename (or delete) all but one of each, then export again.",
    );
  }
  // Then the items no call lists, found from what is read and named (the spaces of collections),
  // and a pass that names them too.
  absent.push(...(await readFound(reader, organization, live, first.spaceIds, kinds)));
  const found = convert(live, organization, { kinds, space: (id) => id, keys: first.keys, absent });
  const titles = await readSpaceTitles(reader, found.spaceIds, knownTitles(rootEntries(found, kinds)));
  const names = nameSpaces(found.spaceIds, titles);
  const result = convert(live, organization, {
    kinds,
    space: (id) => names.get(id) ?? id,
    keys: found.keys,
    absent,
  });
  const missing = notOffered(absent, kinds);

  const { body, counts } = configurationBody(result, names, organization, options);

  const date = (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  const title = typeof info.title === "string" && info.title !== "" ? ` (${oneLine(info.title)})` : "";
  const header = [
    `docsync configuration of organization ${organization}${title}, exported on ${date}.`,
    "`docsync plan` with this file shows no changes until the organization or the file changes.",
    ...wrap(
      `Not exported: ${listed([...leftOut(kinds.topLevel), "what docsync does not manage"])}. See docs/export.md.`,
    ),
    ...(missing.keys.length === 0
      ? []
      : wrap(`Not offered by this service, so not exported and left unmanaged: ${listed(missing.keys)}.`)),
    ...result.secrets.headerLines(),
  ];
  const layout = {
    oneLineLists: new Set(kinds.all.filter((k) => k.exportOneLine).map((k) => k.collection)),
    spacedLists: new Set(kinds.topLevel.filter((k) => k.children).map((k) => k.collection)),
  };
  const yaml = renderYaml({ header, body: factorBranding(body), notes: result.notes, ...layout });
  // A warning may quote a live value: it never shows a secret the file keeps out. The file has
  // none, and is not redacted of them: a short one (`?auth=true`) is text it holds elsewhere too.
  const { variables, values } = result.secrets;
  const keptOut = new Redactor(values);
  const warnings = [...missing.warnings, ...result.warnings, ...result.secrets.warnings].map((warning) =>
    keptOut.redact(warning),
  );
  return { yaml, warnings, counts, variables };
}
