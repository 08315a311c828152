// A brand edit as the reviewer reads it: the leaves of targets' customizations whose values come
// from one brand (`FieldChange.brand`) and change the same way on each target are one change of
// the brand, shown once with the targets it changes; what a target changes of its own stays on the
// target. The plan's changes and calls are untouched: each target still has its one PUT.

import type { Change, FieldChange } from "../model/plan.ts";
import { fieldValues } from "./change-parts.ts";
import { printable } from "./names.ts";
import { SENSITIVE } from "./redact.ts";
import { SYMBOLS } from "./values.ts";

/** A leaf of the brand that changes, the same way on `targets` (all of the edit's, or some). */
export interface BrandLeaf {
  field: FieldChange;
  targets: string[];
}

/** The edit of one brand: its leaves that change, and the targets whose documents they change. */
export interface BrandChange {
  brand: string;
  /** The targets' addresses, in plan order: one call each. */
  targets: string[];
  /** The target changes it is part of, one per target. */
  changes: Change[];
  /**
   * Each leaf change once, without its `brand`, with the targets it changes: fewer than the
   * edit's when other targets set the leaf themselves, or hold another value (changed by hand).
   */
  leaves: BrandLeaf[];
  /** The calls that make it: the targets' PUTs, which carry each target's own changes too. */
  calls: number;
}

/** A target's customization update that a brand edit may be part of; never a blocked or risky one. */
const groupable = (change: Change): boolean =>
  change.action === "update" &&
  change.blocked === undefined &&
  change.highRisk !== true &&
  change.parents !== undefined &&
  change.fields.some((field) => field.brand !== undefined);

const withoutBrand = ({ brand: _brand, ...field }: FieldChange): FieldChange => field;

/**
 * The brand edits among the changes, and the changes as they read besides: each target change
 * without the leaves its brand edit shows (left out when nothing else is left).
 */
export function brandChanges(changes: readonly Change[]): { brands: BrandChange[]; rest: Change[] } {
  const brands = new Map<string, BrandChange>();
  const rest: Change[] = [];
  for (const change of changes) {
    if (!groupable(change)) {
      rest.push(change);
      continue;
    }
    const target = change.parents![0]!;
    const brand = change.fields.find((field) => field.brand !== undefined)!.brand!;
    let edit = brands.get(brand);
    if (!edit) {
      edit = { brand, targets: [], changes: [], leaves: [], calls: 0 };
      brands.set(brand, edit);
    }
    edit.targets.push(target);
    edit.changes.push(change);
    edit.calls += change.calls.length;
    for (const field of change.fields) {
      if (field.brand === undefined) continue;
      const shown = withoutBrand(field);
      const same = edit.leaves.find((leaf) => JSON.stringify(leaf.field) === JSON.stringify(shown));
      if (same) same.targets.push(target);
      else edit.leaves.push({ field: shown, targets: [target] });
    }
    const own = change.fields.filter((field) => field.brand === undefined);
    if (own.length > 0) rest.push({ ...change, fields: own });
  }
  return { brands: [...brands.values()], rest };
}

/** `brand "acme"`. */
export const brandItem = (edit: BrandChange): string => `brand ${JSON.stringify(edit.brand)}`;

const count = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** `applied to site "A", site "B", site "C": 3 calls, one each`: what the edit reaches and costs. */
export function brandReach(edit: BrandChange): string {
  return `applied to ${edit.targets.join(", ")}: ${count(edit.calls, "call")}, one each`;
}

/** Which of the edit's sites a leaf changes, when not all of them: `only site "A"`. */
export function leafReach(leaf: BrandLeaf, edit: BrandChange): string | undefined {
  if (leaf.targets.length === edit.targets.length) return undefined;
  return `only ${leaf.targets.join(", ")}`;
}

/**
 * The edit as plain lines, the same in text and Markdown: its head, then each leaf once.
 *   ~ brand "acme"  (applied to site "A", site "B", site "C": 3 calls, one each)
 *       styling.font: "Inter" ⇒ "Lato"
 *       styling.primaryColor.light: "#0B5FFF" ⇒ "#1A4FD0"  (only site "A")
 */
export function brandLines(edit: BrandChange): { head: string; values: string[] } {
  const head = `${SYMBOLS.update} ${printable(brandItem(edit))}  (${printable(brandReach(edit))})`;
  const values = edit.leaves.flatMap((leaf) => {
    const reach = leafReach(leaf, edit);
    const suffix = reach === undefined ? "" : `  (${printable(reach)})`;
    return fieldValues(leaf.field).map((part) => `${part.field}: ${part.value}${suffix}`);
  });
  return { head, values };
}

/**
 * A leaf's value before and after as a designer reads it: a text as it is (a colour's hex
 * value, a font's name, a logo's URL), anything else as JSON; a secret as `(sensitive)`.
 */
export function leafSides(field: FieldChange): { from: string; to: string } {
  const side = (which: "from" | "to") => {
    if (!(which in field)) return which === "from" ? "(not set)" : "(removed)";
    if (field.sensitive) return SENSITIVE;
    const value = field[which];
    return printable(typeof value === "string" ? value : JSON.stringify(value));
  };
  return { from: side("from"), to: side("to") };
}
