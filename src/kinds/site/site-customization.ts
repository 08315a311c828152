// A site's customization (its branding): one document of each site, read with GET and written
// whole with PUT (the service replaces the document). The configuration names the fields it
// manages, nested as the document is; `extends:` starts from a named brand under `branding:`,
// with the site's own fields set over it. Each leaf the configuration names is compared with the
// live document; a PUT sends the live document with those leaves set, so every field the
// configuration leaves out stays as it is live. Read only where the configuration names it.

import type { Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import { fieldOf } from "../configured.ts";
import { liveId, sitePath, subPath } from "../paths.ts";
import { type DesiredSingleton, type LiveSingleton, singletonKind } from "../shapes/singleton.ts";
import type { CallDraft, CheckContext, ScopeIn } from "../types.ts";
import { leavesOf, mergeDeep, newSiteDocument, valueAt, withLeaves } from "./site-customization-document.ts";
import type { InSite } from "./site-types.ts";

/** The top-level mapping of named brands. */
const BRANDING = "branding";
/** What the service adds to the document it answers, which is no field of it. */
const NOT_DOCUMENT = new Set(["id", "updatedAt"]);

type Mapping = Record<string, unknown>;
type Scope = ScopeIn<InSite>;

/** A configured customization: its leaves, and the brand those it does not set itself come from. */
interface DesiredCustomization extends DesiredSingleton {
  brand?: { name: string; leaves: readonly string[] };
}

const path = (scope: Scope) => subPath(sitePath(scope.organization, scope.ids.site), "/customization");

/** The live document without what the service adds to its answer. */
function documentOf(live: LiveSingleton): Mapping {
  return Object.fromEntries(Object.entries(live).filter(([key]) => !NOT_DOCUMENT.has(key)));
}

/** A configured mapping without `extends:`. */
function ownFields(value: unknown): Mapping {
  const { extends: _brand, ...own } = (value ?? {}) as Mapping;
  return own;
}

/** The brand a customization extends is listed, and extends no other. */
function checkBrand(item: Located<unknown>, ctx: CheckContext): void {
  const name = fieldOf(item.value, "extends");
  if (typeof name !== "string") return;
  const known = ctx.entriesOf?.(BRANDING) ?? [];
  const brand = ctx.entryOf?.(BRANDING, name);
  if (brand === undefined) {
    // A file that was left out may hold it: say nothing unless every file was read.
    if (ctx.spaces === undefined) return;
    const listed =
      known.length > 0 ? `; branding lists ${known.map((k) => JSON.stringify(k)).join(", ")}` : "";
    ctx.report(item, ["extends"], `unknown brand ${JSON.stringify(name)}${listed}`);
  } else if (fieldOf(brand.value, "extends") !== undefined) {
    ctx.report(
      brand,
      ["extends"],
      "a brand cannot extend another; only a site's customization extends a brand",
    );
  }
}

const base = singletonKind<"customization", InSite>({
  kind: "customization",
  collection: "customization",
  key: "site",
  schema: { fragment: "site-customization" },
  // The leaves are those each configuration names: see `diff`.
  fields: [],
  path,
  summary: "replace site customization",
});

/**
 * The leaves a configured customization sets: its brand's, then its own over them; and which of
 * them come from the brand (those the site does not set itself), so that a plan can show a
 * change of the brand as one change.
 */
function resolveLeaves(
  value: unknown,
  brand: { name: string; item: Located<unknown> } | undefined,
): Pick<DesiredCustomization, "fields" | "brand"> {
  const own = ownFields(value);
  if (!brand) return { fields: leavesOf(own) };
  const fields = leavesOf(mergeDeep(ownFields(brand.item.value), own));
  const set = new Set(Object.keys(leavesOf(own)));
  const leaves = Object.keys(fields).filter((leaf) => !set.has(leaf));
  return { fields, brand: { name: brand.name, leaves } };
}

function diff(desired: DesiredCustomization, live: { item: LiveSingleton } | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [leaf, value] of Object.entries(desired.fields))
    compareField(changes, leaf, value, live && valueAt(live.item, leaf));
  const fromBrand = new Set(desired.brand?.leaves);
  for (const change of changes) if (fromBrand.has(change.field)) change.brand = desired.brand!.name;
  return changes;
}

/** The one PUT of a site's whole document: `document` with the configured leaves set. */
function put(desired: DesiredSingleton, document: Mapping, scope: Scope): CallDraft {
  return {
    method: "PUT",
    path: path(scope),
    body: withLeaves(document, desired.fields),
    summary: "replace site customization",
  };
}

export const siteCustomizationKind: typeof base = {
  ...base,
  config: {
    ...base.config,
    check(items, ctx) {
      base.config.check?.(items, ctx);
      for (const item of items) checkBrand(item, ctx);
    },
    resolve(item, meta, ctx) {
      const name = fieldOf(item.value, "extends");
      const brand = typeof name === "string" ? ctx.entryOf?.(BRANDING, name) : undefined;
      return { ...meta, ...resolveLeaves(item.value, brand && { name: name as string, item: brand }) };
    },
  },
  async read(client, scope) {
    const item = await client.get<Mapping>(
      `${sitePath(scope.organization, liveId(scope.ids.site))}/customization`,
    );
    // The answer has no id of its own: the site's stands for it.
    return item ? [{ item: { ...item, id: liveId(scope.ids.site) }, children: {} }] : [];
  },
  diff,
  // A site this plan creates has the document the service makes for a new site.
  create: (desired, _address, scope) =>
    diff(desired, undefined).length === 0 ? [] : [put(desired, newSiteDocument(), scope)],
  update: (desired, live, _changes, _address, scope) => [put(desired, documentOf(live.item), scope)],
  // The site's whole document: that mapping plans to no change.
  toConfig: (live) => documentOf(live.item),
};
