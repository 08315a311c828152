// The picture of a navigation, for the people who review a plan: for each item whose ordered
// children the plan changes (a site's sections, its groups, their site spaces), those children
// as they stand after the plan, in order, each with what happens to it and, where that
// changes, what it was. Computed from the planner's containers and the plan's final changes
// (after --target), so that it shows what this plan does; the renderers only draw it.

import { isDeepStrictEqual } from "node:util";
import type { AnyKind } from "../kinds/types.ts";
import type { Change, Navigation, NavigationItem, NavigationMark, Plan } from "../model/plan.ts";
import { type Container, type Slot, slotAt } from "./resolve.ts";

type Fields = Record<string, unknown>;

/** The plan with the navigation of each site it changes, after --target. */
export function withNavigation(plan: Plan, tops: readonly Container[]): Plan {
  const navigation = navigationOf(tops, plan.changes);
  return navigation.length > 0 ? { ...plan, navigation } : plan;
}
const valuesOf = (item: unknown): Fields => (item ?? {}) as Fields;

/** The navigation of each item of `tops` (the top-level containers) whose ordered children change. */
export function navigationOf(tops: readonly Container[], changes: readonly Change[]): Navigation[] {
  const kinds = navigationKinds(tops);
  if (kinds.size === 0) return [];
  const byAddress = new Map<string, Change>();
  for (const change of changes) {
    if (!kinds.has(change.kind)) continue;
    byAddress.set(change.address, change);
    if (change.movedFrom !== undefined) byAddress.set(change.movedFrom, change);
  }
  const drawn: Navigation[] = [];
  for (const top of tops) {
    if (!top.module.children?.some((kind) => kind.ordered)) continue;
    for (const slot of top.slots) {
      if (!slot || slot.status === "delete" || slot.status === "unmanaged") continue;
      const items = childrenOf(slot, byAddress);
      if (!items.some(hasMark)) continue;
      const navigation: Navigation = { kind: top.module.kind, name: slot.name, address: slot.text, items };
      if (slot.status === "create") navigation.new = true;
      drawn.push(navigation);
    }
  }
  return drawn;
}

/** The kinds a navigation holds: ordered kinds below the top level, and the kinds of their blocks. */
function navigationKinds(tops: readonly Container[]): Set<string> {
  const kinds = new Set<string>();
  const visit = (kind: AnyKind) => {
    for (const child of kind.children ?? []) {
      if (child.ordered) kinds.add(child.kind);
      if (child.blocks) kinds.add(child.blocks.kind.kind);
      if (child.among) kinds.add(child.kind);
      visit(child);
    }
  };
  for (const top of tops) visit(top.module);
  return kinds;
}

const hasMark = (item: NavigationItem): boolean =>
  (item.marks?.length ?? 0) > 0 || (item.items ?? []).some(hasMark);

/**
 * The navigation below an item: its ordered child containers' items, in order. Items that the
 * first new item of a sibling kind takes over (a site's root site spaces, which its first
 * section takes) are drawn in that item only.
 */
function childrenOf(slot: Slot, changes: Map<string, Change>): NavigationItem[] {
  const containers = slot.containers;
  const takenOver = new Set(
    containers
      .filter(
        (c) =>
          c.module.inheritsRoot && c.liveOrder.length === 0 && c.slots.some((s) => s?.status === "create"),
      )
      .map((c) => c.module.inheritsRoot),
  );
  const items = containers
    .filter((container) => container.module.ordered && !takenOver.has(container.module.kind))
    .flatMap((container) => itemsOf(container, containers, changes));
  const blockKind = containers.find((container) => container.module.blocks)?.module.blocks?.kind.kind;
  for (const container of containers)
    if (container.module.among) placeAmong(items, container, blockKind, changes);
  return items;
}

/** Draws an item's change of place as a move: `moved`, and `changed` only for other changes. */
function markMoved(item: NavigationItem): void {
  const marks = (item.marks ?? []).filter((mark) => mark !== "changed" || item.before?.fields);
  item.marks = [...marks, "moved"];
}

/**
 * Puts the items of a kind that stands among ordered items (a site's external links) where
 * they stand after the plan: after the item before them, in their block (group) or at the root.
 */
function placeAmong(
  items: NavigationItem[],
  container: Container,
  blockKind: string | undefined,
  changes: Map<string, Change>,
): void {
  const among = container.module.among!;
  for (const slot of afterOrder(container)) {
    const item = itemOf(slot, changes, undefined);
    if (!item) continue;
    if (among.external) item.external = true;
    const moved = changes.get(slot.text)?.fields.some((field) => field.field === among.placeField);
    if (moved && among.placeField !== undefined) markMoved(item);
    const values = slot.desired ?? slot.live!.item;
    const block = among.block(values);
    let list = items;
    if (block !== undefined) {
      const holder = items.find((other) => other.kind === blockKind && other.name === block);
      if (!holder) continue;
      holder.items ??= [];
      list = holder.items;
    }
    const after = among.after(values);
    const index = after
      ? list.findIndex((other) => other.kind === after.kind && other.name === after.key)
      : -1;
    list.splice(index + 1, 0, item);
  }
}

function itemsOf(
  container: Container,
  siblings: readonly Container[],
  changes: Map<string, Change>,
): NavigationItem[] {
  // Items this plan would make but does not (left out by --target) are not drawn.
  const placed = afterOrder(container).filter(
    (slot) => !((slot.status === "create" || slot.status === "replace") && !changes.has(slot.text)),
  );
  const holder = flagHolder(container, placed);
  const nodes: { slot: Slot; item: NavigationItem }[] = [];
  for (const slot of placed) {
    const item = itemOf(slot, changes, holder);
    if (item) nodes.push({ slot, item });
  }
  const blocks = container.module.blocks;
  const blockContainer = blocks && siblings.find((sibling) => sibling.module === blocks.kind);
  if (!blocks || !blockContainer) return nodes.map(({ item }) => item);
  return inBlocks(nodes, container.module, blockContainer, changes);
}

/**
 * The items after the plan: the configured ones in configuration order (moves make it so), and
 * live items the configuration does not list (deleted, or not managed) where they stand live:
 * after the nearest item that stood before them.
 */
function afterOrder(container: Container): Slot[] {
  const placed: Slot[] = [];
  for (let index = 0; index < container.items.length; index++) placed.push(slotAt(container, index));
  const liveOnly = container.slots.slice(container.items.length).filter((slot) => slot?.live) as Slot[];
  if (liveOnly.length === 0) return placed;
  const position = new Map(container.liveOrder.map((id, index) => [id, index]));
  const rank = (slot: Slot) => (slot.live ? (position.get(slot.live.item.id) ?? -1) : -1);
  for (const slot of liveOnly.sort((a, b) => rank(a) - rank(b))) {
    let at = 0;
    let best = -1;
    placed.forEach((other, index) => {
      const otherRank = rank(other);
      if (other.live && otherRank < rank(slot) && otherRank > best) {
        best = otherRank;
        at = index + 1;
      }
    });
    placed.splice(at, 0, slot);
  }
  return placed;
}

/**
 * The item that holds the container's flag (its default) after the plan: the one configured
 * with it, else the live holder that stays, else the first item made in an empty container
 * (the API makes it the default by itself).
 */
function flagHolder(container: Container, placed: readonly Slot[]): Slot | undefined {
  const flag = container.module.outline?.flag;
  if (!flag) return undefined;
  const stays = placed.filter((slot) => slot.status !== "delete");
  return (
    stays.find((slot) => valuesOf(slot.desired)[flag] === true) ??
    stays.find((slot) => slot.live && valuesOf(slot.live.item)[flag] === true) ??
    (container.liveOrder.length === 0 ? stays.find((slot) => slot.status === "create") : undefined)
  );
}

/** One item, or undefined for an item this plan does not make (left out by --target). */
function itemOf(
  slot: Slot,
  changes: Map<string, Change>,
  holder: Slot | undefined,
): NavigationItem | undefined {
  const change = changes.get(slot.text);
  const made = slot.status === "create" || slot.status === "replace";
  if (made && !change) return undefined;
  const module = slot.module;
  const item: NavigationItem = { kind: module.kind, name: slot.name, address: slot.text };
  const marks: NavigationMark[] = [];
  const before: NonNullable<NavigationItem["before"]> = {};
  const desired = valuesOf(slot.desired);
  const live = slot.live ? valuesOf(slot.live.item) : undefined;
  const outline = module.outline;
  const fields: Fields = {};
  for (const field of outline?.fields ?? []) {
    const value = desired[field] ?? live?.[field];
    if (value !== undefined && value !== null) fields[field] = value;
    if (live && !made && !isDeepStrictEqual(value ?? null, live[field] ?? null)) {
      before.fields = { ...before.fields, [field]: live[field] ?? null };
    }
  }
  if (Object.keys(fields).length > 0) item.fields = fields;
  if (holder === slot) item.default = true;
  if (outline?.flag && live && !made && (live[outline.flag] === true) !== (holder === slot))
    before.default = live[outline.flag] === true;
  if (change?.action === "update" && slot.renamedFrom !== undefined) before.name = slot.renamedFrom;
  if (made) marks.push("new");
  else if (slot.status === "delete" && (change?.action === "delete" || change?.movedFrom === slot.text))
    marks.push("removed");
  if (change?.action === "move" && !made && change.movedFrom !== slot.text) marks.push("moved");
  if (before.name !== undefined) marks.push("renamed");
  const updated = change?.action === "update" && before.name === undefined;
  if (!made && (before.fields || before.default !== undefined || updated)) marks.push("changed");
  if (marks.length > 0) item.marks = marks;
  if (Object.keys(before).length > 0) item.before = before;
  const below = slot.status === "delete" ? [] : childrenOf(slot, changes);
  if (below.length > 0) item.items = below;
  return item;
}

/** Items that stand together in blocks (the sections of a group) nested in their block's item. */
function inBlocks(
  nodes: readonly { slot: Slot; item: NavigationItem }[],
  kind: AnyKind,
  blockContainer: Container,
  changes: Map<string, Change>,
): NavigationItem[] {
  // Every block: the configured ones (an unchanged one has no slot until asked), then live ones.
  const blockSlots = blockContainer.slots.map((slot, index) => slot ?? slotAt(blockContainer, index));
  const byName = new Map(blockSlots.filter((slot) => slot.desired).map((slot) => [slot.name, slot]));
  const liveBlock = (slot: Slot): Slot | undefined => {
    const id = slot.live ? kind.blocks!.liveOf?.(slot.live.item) : undefined;
    return id === undefined ? undefined : blockSlots.find((block) => block.live?.item.id === id);
  };
  const blockItems = new Map<Slot, NavigationItem>();
  const blockItem = (block: Slot) => {
    let item = blockItems.get(block);
    if (!item) {
      item = itemOf(block, changes, undefined) ?? {
        kind: block.module.kind,
        name: block.name,
        address: block.text,
      };
      blockItems.set(block, item);
    }
    return item;
  };
  const result: NavigationItem[] = [];
  for (const { slot, item } of nodes) {
    const name = slot.desired ? kind.blocks!.of(slot.desired) : undefined;
    const was = liveBlock(slot);
    const block = slot.desired ? (name === undefined ? undefined : byName.get(name)) : was;
    if (slot.live && slot.status !== "create" && was !== block) {
      const before = was ? { kind: was.module.kind, name: was.module.liveKey(was.live!.item) } : null;
      item.before = { ...item.before, block: before };
      if (!item.marks?.includes("moved")) item.marks = [...(item.marks ?? []), "moved"];
    }
    if (!block) {
      result.push(item);
      continue;
    }
    const known = blockItems.has(block);
    const group = blockItem(block);
    if (group.items) group.items.push(item);
    else group.items = [item];
    if (!known) result.push(group);
  }
  // Blocks with no item after the plan: at the end, as an empty group stands in the web app.
  for (const block of blockSlots) if (!blockItems.has(block)) result.push(blockItem(block));
  return result;
}
