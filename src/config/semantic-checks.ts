// Checks that need the merged configuration: duplicate identities, rename hints that collide
// with listed keys, references to names that do not exist, and several defaults in one list.
// They only see files that are valid on their own, so they can trust the shapes.

import type { Diagnostic } from "./diagnostics.ts";
import { children, type Located, type MergedConfig, sectionsOf } from "./merge.ts";
import type { RawRedirect, RawSite, RawSiteSpace } from "./raw-types.ts";
import { diagnosticAt, type KeyPath, where } from "./yaml-positions.ts";

export function checkSemantics(merged: MergedConfig, options: { partial: boolean }): Diagnostic[] {
  const out: Diagnostic[] = [];
  checkIdentities(out, merged.teams, "title", "team");
  checkIdentities(out, merged.customFields, "name", "custom field");
  checkIdentities(out, merged.samlProviders, "label", "SAML provider");
  // References across files are only checked when every file could be read: the name may be
  // defined in a file that has errors of its own.
  const references = !options.partial;
  if (references) checkTeamReferences(out, merged);

  const sites = merged.sites ?? [];
  checkIdentities(out, sites, "title", "site");
  checkIdentities(
    out,
    sites.filter((s) => s.value.id !== undefined),
    "id",
    "site",
  );
  for (const site of sites) checkSite(out, site, references ? merged.spaces : undefined);
  return out;
}

function checkTeamReferences(out: Diagnostic[], merged: MergedConfig): void {
  const titles = new Set(merged.teams?.map((t) => t.value.title));
  for (const provider of merged.samlProviders ?? []) {
    const team = provider.value.defaultTeam;
    if (typeof team === "string" && !titles.has(team)) {
      const message = `unknown team "${team}": name a title listed under teams:, or pin a live team with { id: <team id> }`;
      out.push(at(provider, ["defaultTeam"], message));
    }
  }
}

/** `spaces` is undefined when space names cannot all be known (a file was left out). */
function checkSite(
  out: Diagnostic[],
  site: Located<RawSite>,
  spaces: Map<string, unknown> | undefined,
): void {
  const { sections, groups } = sectionsOf(site);
  checkIdentities(out, sections, "path", "section");
  checkIdentities(out, groups, "group", "group", "title");
  checkSingleDefault(out, sections, `section in site "${site.value.title}"`);
  for (const section of sections) {
    checkSiteSpaces(out, children(section, "siteSpaces", section.value.siteSpaces), spaces, "section");
  }
  if (site.value.siteSpaces !== undefined) {
    checkSiteSpaces(out, children(site, "siteSpaces", site.value.siteSpaces), spaces, "site");
  }
  const redirects = children(site, "redirects", site.value.redirects ?? []);
  checkIdentities(out, redirects, "source", "redirect");
  const paths = new Set(sections.map((s) => s.value.path));
  for (const redirect of redirects) checkRedirectTarget(out, redirect, site, paths);
}

function checkSiteSpaces(
  out: Diagnostic[],
  siteSpaces: Located<RawSiteSpace>[],
  spaces: Map<string, unknown> | undefined,
  owner: "section" | "site",
): void {
  // Identity is the space (the API shows a space once per container); paths are unique too.
  checkIdentities(out, siteSpaces, "space", "site space", "for space", false);
  checkIdentities(out, siteSpaces, "path", "site space", "path", false);
  checkSingleDefault(out, siteSpaces, `site space in this ${owner}`);
  for (const siteSpace of siteSpaces) {
    if (siteSpace.value.was !== undefined) {
      const message = "a site space is identified by its space, and its path changes in place: remove `was`";
      out.push(at(siteSpace, ["was"], message));
    }
    const name = siteSpace.value.space;
    if (spaces === undefined || spaces.has(name)) continue;
    out.push(at(siteSpace, ["space"], `unknown space "${name}"; ${knownSpaces(spaces)}`));
  }
}

/** Names shown in an unknown-space message; a configuration may name thousands. */
const SPACES_SHOWN = 10;

function knownSpaces(spaces: Map<string, unknown>): string {
  if (spaces.size === 0) return "no spaces are named under spaces:";
  const names: string[] = [];
  for (const name of spaces.keys()) {
    if (names.length === SPACES_SHOWN) break;
    names.push(name);
  }
  const more = spaces.size - names.length;
  return `known spaces: ${names.join(", ")}${more > 0 ? ` and ${more.toLocaleString("en-US")} more` : ""}`;
}

function checkRedirectTarget(
  out: Diagnostic[],
  redirect: Located<RawRedirect>,
  site: Located<RawSite>,
  paths: Set<string>,
): void {
  const target = redirect.value.to?.section;
  if (target === undefined || paths.has(target)) return;
  const message =
    site.value.sections === undefined
      ? `site "${site.value.title}" lists no sections, so "${target}" cannot be found; use destination: { kind: site-section, siteSectionId: ... }`
      : `no section with path "${target}" in site "${site.value.title}"`;
  out.push(at(redirect, ["to", "section"], message));
}

/** Duplicate keys, duplicate rename hints, and hints naming a key that another item has.
 * `field` holds the key; `noun` is how messages call it (a group's `group:` is its title). */
function checkIdentities<T extends object>(
  out: Diagnostic[],
  items: Located<T>[] | undefined,
  field: keyof T & string,
  kind: string,
  noun: string = field,
  hints = true,
): void {
  const byKey = new Map<string, Located<T>>();
  for (const item of items ?? []) {
    const key = String(item.value[field]);
    const first = byKey.get(key);
    if (first === undefined) byKey.set(key, item);
    else
      out.push(
        at(item, [field], `duplicate ${kind} ${noun} "${key}" (first at ${whereIn(first, field, item)})`),
      );
  }
  if (!hints) return;
  const byWas = new Map<string, Located<T>>();
  for (const item of items ?? []) {
    const was = (item.value as { was?: string }).was;
    if (was === undefined || was === String(item.value[field])) continue;
    const owner = byKey.get(was);
    const first = byWas.get(was);
    if (owner !== undefined) {
      const message = `was "${was}" is the ${noun} of the ${kind} at ${whereIn(owner, field, item)}; a rename hint names a ${noun} that is no longer listed`;
      out.push(at(item, ["was"], message));
    } else if (first !== undefined) {
      out.push(at(item, ["was"], `was "${was}" is already claimed at ${whereIn(first, "was", item)}`));
    } else {
      byWas.set(was, item);
    }
  }
}

function checkSingleDefault(out: Diagnostic[], items: Located<{ default?: boolean }>[], what: string): void {
  const [first, ...extras] = items.filter((i) => i.value.default === true);
  if (first === undefined) return;
  for (const extra of extras) {
    out.push(
      at(extra, ["default"], `more than one default ${what} (first at ${whereIn(first, "default", extra)})`),
    );
  }
}

/** Where `field` of `first` is, said from the file of `from`. */
function whereIn(first: Located<unknown>, field: string, from: Located<unknown>): string {
  return where({ file: first.file, path: [...first.path, field] }, from.file);
}

function at(item: Located<unknown>, sub: KeyPath, message: string): Diagnostic {
  return diagnosticAt(item.file, [...item.path, ...sub], message);
}
