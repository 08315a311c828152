// A navigation as rows of a tree, for the text and Markdown plans: each item after the plan,
// with a mark in the first column (+ new, - removed, ↕ moved, ~ renamed or changed) and the
// same in words after it, so that it reads without colour. A large navigation keeps what
// changes, with one item of context on each side, and counts the unchanged items it folds.

import { builtInKinds } from "../kinds/registry.ts";
import type { Navigation, NavigationItem, NavigationMark } from "../model/plan.ts";
import { itemText, kindCount, nameText, printable, type ReportedKinds } from "./names.ts";
import { showValue } from "./values.ts";

export type RowMark = "+" | "-" | "↕" | "~" | " ";

export interface TreeRow {
  mark: RowMark;
  /** The branches before the item: `│  ├─ `. */
  prefix: string;
  text: string;
  /** What happens to it, in words: `renamed from reference`, `title was "API"`. */
  notes: string[];
}

/** Navigations with more items than this fold their unchanged items. */
const FOLD_OVER = 40;

const MARK_ORDER: [NavigationMark, RowMark][] = [
  ["new", "+"],
  ["removed", "-"],
  ["moved", "↕"],
  ["renamed", "~"],
  ["changed", "~"],
];

export function markOf(item: { marks?: NavigationMark[] }): RowMark {
  return MARK_ORDER.find(([mark]) => item.marks?.includes(mark))?.[1] ?? " ";
}

const count = (items: readonly NavigationItem[]): number =>
  items.reduce((sum, item) => sum + 1 + count(item.items ?? []), 0);

const changes = (item: NavigationItem): boolean =>
  (item.marks?.length ?? 0) > 0 || (item.items ?? []).some(changes);

/** The item's name and what it shows beside it: `section api`, `title "API reference", default`. */
export function itemParts(item: NavigationItem, siblings: number): { name: string; values: string } {
  const values = Object.entries(item.fields ?? {}).map(([field, value]) => `${field} ${showValue(value)}`);
  // The only item of its container is its default by nature: not worth a word.
  if (item.default && siblings > 1) values.push("default");
  if (item.external) values.push("external");
  return { name: printable(itemText(item.kind, item.name)), values: printable(values.join(", ")) };
}

/** The item as a line: `section api: title "API reference", default`. */
export function itemLine(item: NavigationItem, siblings: number): string {
  const { name, values } = itemParts(item, siblings);
  return values === "" ? name : `${name}: ${values}`;
}

/** What happens to an item, in words. */
export function itemNotes(
  item: NavigationItem,
  parent: NavigationItem | undefined,
  parentNew: boolean,
): string[] {
  const notes: string[] = [];
  const marks = item.marks ?? [];
  const before = item.before ?? {};
  // Below a new item everything is new: the mark says it.
  if (marks.includes("new") && !parentNew) notes.push("new");
  if (marks.includes("removed")) notes.push("removed");
  if (marks.includes("moved")) {
    const block = before.block;
    if (block) notes.push(`moved from ${itemText(block.kind, block.name)}`);
    else if (block === null && parent) notes.push(`moved into ${itemText(parent.kind, parent.name)}`);
    else notes.push("moved");
  }
  if (before.name !== undefined) notes.push(`renamed from ${nameText(before.name)}`);
  for (const [field, value] of Object.entries(before.fields ?? {}))
    notes.push(`${field} was ${value === null ? "not set" : showValue(value)}`);
  if (before.default === true) notes.push("no longer the default");
  if (before.default === false) notes.push("now the default");
  if (marks.includes("changed") && notes.length === 0) notes.push("changed");
  return notes.map(printable);
}

/** How a run of folded items reads: `12 sections`, or `12 items` of several kinds. */
function foldedText(folded: readonly NavigationItem[], kinds: ReportedKinds): string {
  const kindsFolded = new Set(folded.map((item) => item.kind));
  return kindsFolded.size === 1
    ? kindCount(folded[0]!.kind, folded.length, kinds)
    : `${folded.length.toLocaleString("en-US")} items`;
}

/** The rows of a navigation: its item first, then its items as a tree. */
export function navigationRows(navigation: Navigation, kinds: ReportedKinds = builtInKinds): TreeRow[] {
  const rows: TreeRow[] = [
    {
      mark: navigation.new ? "+" : " ",
      prefix: "",
      text: printable(itemText(navigation.kind, navigation.name)),
      notes: navigation.new ? ["new"] : [],
    },
  ];
  const fold =
    count(navigation.items) > FOLD_OVER
      ? (folded: readonly NavigationItem[]) => foldedText(folded, kinds)
      : undefined;
  addRows(rows, navigation.items, "", fold, undefined, navigation.new === true);
  return rows;
}

/** `fold`: how a run of folded items reads, when the tree folds; absent, every item is shown. */
function addRows(
  rows: TreeRow[],
  items: readonly NavigationItem[],
  indent: string,
  fold: ((folded: readonly NavigationItem[]) => string) | undefined,
  parent: NavigationItem | undefined,
  parentNew: boolean,
): void {
  const shown = fold ? keptItems(items) : items.map(() => true);
  let index = 0;
  while (index < items.length) {
    if (!shown[index]) {
      const start = index;
      while (index < items.length && !shown[index]) index++;
      const folded = items.slice(start, index);
      const last = index === items.length;
      rows.push({
        mark: " ",
        prefix: `${indent}${last ? "└─ " : "├─ "}`,
        text: `… ${fold!(folded)}, unchanged`,
        notes: [],
      });
      continue;
    }
    const item = items[index]!;
    const last = index === items.length - 1;
    rows.push({
      mark: markOf(item),
      prefix: `${indent}${last ? "└─ " : "├─ "}`,
      text: itemLine(item, items.length),
      notes: itemNotes(item, parent, parentNew),
    });
    const isNew = item.marks?.includes("new") === true;
    if (item.items) addRows(rows, item.items, `${indent}${last ? "   " : "│  "}`, fold, item, isNew);
    index++;
  }
}

/** Which items a folded list shows: those that change or hold a change, and their neighbours. */
function keptItems(items: readonly NavigationItem[]): boolean[] {
  const changing = items.map(changes);
  return items.map(
    (_, index) => changing[index] || changing[index - 1] === true || changing[index + 1] === true,
  );
}
