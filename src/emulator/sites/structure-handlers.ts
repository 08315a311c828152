// HTTP handlers of /sites/{siteId}/structure: the navigation as one list (sections, groups and
// external links, or the root site spaces of a site without sections), and the one sort
// operation that moves any item next to a sibling at the same level.

import { ok, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { jsonText } from "../core/json-text.ts";
import { type BodyShape, checkNested, parseBody } from "../core/validate.ts";
import type { Located } from "./containers.ts";
import { siteOf, siteSpaceField } from "./lookup.ts";
import type { GroupRecord, SiteRecord } from "./model.ts";
import { type NavigationEntry, navigationOrder, setNavigationOrder, topLevel } from "./navigation.ts";
import { placeBlock } from "./order.ts";
import { renderExternalLink, renderGroup, renderSection, renderSiteSpace } from "./render.ts";

const ITEM_TYPES = ["site-space", "site-section", "site-section-group", "site-external-link"] as const;
type ItemType = (typeof ITEM_TYPES)[number];
interface Pointer {
  type: ItemType;
  id: string;
}

const pointerShape: BodyShape = {
  type: { type: "enum", values: ITEM_TYPES, required: true },
  id: { type: "string", min: 1, required: true },
};

function structureHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "read");
  if (site.sections.length === 0) {
    const structure = site.root.siteSpaces.map((siteSpace) =>
      renderSiteSpace(ctx, site, siteSpace, site.root, undefined),
    );
    return ok(jsonText({ type: "siteSpaces", structure }));
  }
  const structure = topLevel(site).map((entry) => {
    if (entry.kind === "group") return renderGroup(ctx, site, entry.record);
    if (entry.kind === "section") return renderSection(ctx, site, entry.record);
    return renderExternalLink(entry.record);
  });
  return ok(jsonText({ type: "sections", structure }));
}

/** A navigation item named by a pointer: 400 naming `field` when the site has none such. */
function findEntry(site: SiteRecord, pointer: Pointer, field: string): NavigationEntry | GroupRecord {
  const found =
    pointer.type === "site-section-group"
      ? site.groups.find((group) => group.id === pointer.id)
      : navigationOrder(site).find(
          (entry) =>
            entry.record.id === pointer.id &&
            entry.kind === (pointer.type === "site-section" ? "section" : "link"),
        );
  if (!found) throw badRequest(`${field}: ${pointer.type} "${pointer.id}" not found in site "${site.id}"`);
  return found;
}

const isGroup = (item: NavigationEntry | GroupRecord): item is GroupRecord => !("kind" in item);
/** The group an item is in (undefined at the root); a group is always at the root. */
const levelOf = (item: NavigationEntry | GroupRecord): string | undefined =>
  isGroup(item) ? undefined : item.record.groupId;

/** The navigation entries an item stands for: itself, or a group's members. */
function entriesOf(site: SiteRecord, item: NavigationEntry | GroupRecord): NavigationEntry[] {
  const order = navigationOrder(site);
  return isGroup(item)
    ? order.filter((entry) => entry.record.groupId === item.id)
    : order.filter((entry) => entry.record.id === item.record.id);
}

function sortNavigation(
  site: SiteRecord,
  item: Pointer,
  side: "before" | "after",
  anchor: Pointer,
  field: string,
) {
  const moving = findEntry(site, item, "item");
  const target = findEntry(site, anchor, field);
  if (levelOf(moving) !== levelOf(target) || (isGroup(target) && levelOf(moving) !== undefined)) {
    throw badRequest(`${field}: ${anchor.type} "${anchor.id}" is not at the level of the item moved`);
  }
  const block = entriesOf(site, moving);
  const targetEntries = entriesOf(site, target);
  if (targetEntries.length === 0) {
    throw badRequest(`${field}: site section group "${anchor.id}" is empty: it has no place to move next to`);
  }
  if (targetEntries.some((entry) => block.some((moved) => moved.record === entry.record))) {
    throw badRequest(`${field}: must be another item than the one moved`);
  }
  const rest = navigationOrder(site).filter((entry) => !block.some((b) => b.record === entry.record));
  const ids = targetEntries.map((entry) => entry.record.id);
  const first = rest.findIndex((entry) => ids.includes(entry.record.id));
  const last = rest.findLastIndex((entry) => ids.includes(entry.record.id));
  rest.splice(side === "before" ? first : last + 1, 0, ...block);
  setNavigationOrder(site, rest);
  return moving;
}

function sortSiteSpace(
  site: SiteRecord,
  located: Located,
  side: "before" | "after",
  anchor: Pointer,
  field: string,
) {
  if (anchor.type !== "site-space") throw badRequest(`${field}.type: must be site-space, as the item moved`);
  const target = siteSpaceField(site, `${field}.id`, anchor.id);
  if (target.container !== located.container) {
    throw badRequest(`${field}: site space "${anchor.id}" is in another section or level`);
  }
  if (target.siteSpace === located.siteSpace)
    throw badRequest(`${field}: must be another item than the one moved`);
  placeBlock(located.container.siteSpaces, [located.siteSpace], { where: side, anchorId: anchor.id });
}

function sortHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, {
    item: { type: "object", required: true },
    position: { type: "object", required: true },
  });
  const item = checkNested("item", body.item, pointerShape) as unknown as Pointer;
  const sides = checkNested("position", body.position, {
    before: { type: "object" },
    after: { type: "object" },
  });
  const present = (["before", "after"] as const).filter((key) => sides[key] !== undefined);
  const side = present[0];
  if (present.length !== 1 || !side) throw badRequest("position: must have exactly one of before, after");
  const field = `position.${side}`;
  const anchor = checkNested(field, sides[side], pointerShape) as unknown as Pointer;
  if (item.type === "site-space") {
    const located = siteSpaceField(site, "item.id", item.id);
    sortSiteSpace(site, located, side, anchor, field);
    return ok(renderSiteSpace(ctx, site, located.siteSpace, located.container, located.section));
  }
  if (anchor.type === "site-space")
    throw badRequest(`${field}.type: a site space is not a sibling of ${item.type}`);
  const moved = sortNavigation(site, item, side, anchor, field);
  if (isGroup(moved)) return ok(renderGroup(ctx, site, moved));
  return ok(
    moved.kind === "section" ? renderSection(ctx, site, moved.record) : renderExternalLink(moved.record),
  );
}

export const structureHandlers = { get: structureHandler, sort: sortHandler };
