// A change as people read it, the same in every format: its symbol, its item, the values that
// change (never only their names; for an update, only the fields that change), its note. A
// change that fits on one line is one line:
//   + redirect /old/page-1 → https://example.com/r/1
//   ~ redirect /old/page-2: section "docs" ⇒ https://example.org/moved/2
//   - redirect /old/page-3 → section "docs"
//   ↕ section "sdk": after section "api" ⇒ first
// and a longer one is its item, then one line per value. Texts are plain: each format escapes
// (and colours) them.

import type { Change, FieldChange } from "../model/plan.ts";
import { consequenceLines } from "./consequences.ts";
import { changeItem, printable } from "./names.ts";
import { SENSITIVE } from "./redact.ts";
import { SYMBOLS, showValue } from "./values.ts";

/** One value the change shows: `title "API" ⇒ "API v2"`; on one line, the main value has no name. */
export interface ValuePart {
  field: string;
  main: boolean;
  value: string;
}

export interface ChangeParts {
  symbol: string;
  /** `redirect /old/page-1`. */
  item: string;
  /** Where the item is, when the lines around do not say it: `section "api"`. */
  where?: string;
  /** Whether the values are the item's (a create's, a delete's) rather than changes (`from ⇒ to`). */
  created: boolean;
  values: ValuePart[];
  note?: string;
  highRisk: boolean;
  /** What the service does along with it (`↳ deletes …`), a line each under the change. */
  consequences: string[];
}

/** Lines longer than this are written as the item, then one line per value. */
export const LINE_MAX = 120;

const NOT_SET = "(not set)";
const REMOVED = "(removed)";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function side(field: FieldChange, which: "from" | "to"): string {
  if (!(which in field)) return which === "from" ? NOT_SET : REMOVED;
  const text = which === "from" ? field.fromText : field.toText;
  return text === undefined ? showValue(field[which]) : printable(text);
}

/**
 * The field's changes, an object's as the keys that change (`adaptiveContent.enabled false ⇒
 * true`): unchanged keys are not shown.
 */
function changedValues(field: FieldChange): ValuePart[] {
  if (field.sensitive) {
    const value = "from" in field && "to" in field ? `${SENSITIVE.slice(0, -1)}, changed)` : SENSITIVE;
    return [{ field: field.field, main: false, value }];
  }
  const plain = field.fromText === undefined && field.toText === undefined;
  if (plain && isObject(field.from) && isObject(field.to)) {
    const parts: ValuePart[] = [];
    for (const key of new Set([...Object.keys(field.from), ...Object.keys(field.to)])) {
      const inner: FieldChange = { field: `${field.field}.${key}` };
      if (key in field.from) inner.from = field.from[key];
      if (key in field.to) inner.to = field.to[key];
      if (showValue(inner.from) !== showValue(inner.to) || "from" in inner !== "to" in inner)
        parts.push(...changedValues(inner));
    }
    return parts;
  }
  const value = `${side(field, "from")} ⇒ ${side(field, "to")}`;
  return [{ field: field.field, main: field.main === true, value }];
}

/** A field change's values as lines show them (`styling.font "Inter" ⇒ "Lato"`). */
export const fieldValues = (field: FieldChange): ValuePart[] => changedValues(field);

/**
 * What a create shows (`to`), or a delete (`from`): every value of the item but the one its name
 * already says (the first one equal to it).
 */
function itemValues(change: Change, which: "from" | "to" = "to"): ValuePart[] {
  // A delete's values hold no name already (the plan leaves it out): a path equal to a site
  // space's name is a value of its own.
  const naming =
    which === "from" ? -1 : change.fields.findIndex((field) => field.to === change.name && !field.main);
  return change.fields
    .filter((field, index) => index !== naming && (which === "to" || which in field))
    .map((field) => ({
      field: field.field,
      main: field.main === true && !field.sensitive,
      value: field.sensitive ? SENSITIVE : side(field, which),
    }));
}

/** The main value first: it is what the line is about. */
const mainFirst = (values: ValuePart[]): ValuePart[] =>
  values.some((part) => part.main)
    ? [...values.filter((p) => p.main), ...values.filter((p) => !p.main)]
    : values;

/**
 * What a replacement shows: the fields that force it, as changes, then the new item's other
 * fields (its create's), each once.
 */
function replacedValues(change: Change): ValuePart[] {
  const changed = change.fields.filter((field) => "from" in field);
  const names = new Set(changed.map((field) => field.field));
  const made = itemValues({ ...change, fields: change.fields.filter((field) => !("from" in field)) });
  return [...changed.flatMap(changedValues), ...made.filter((part) => !names.has(part.field))];
}

function valuesOf(change: Change): ValuePart[] {
  switch (change.action) {
    case "create":
      return itemValues(change);
    case "replace":
      return replacedValues(change);
    case "delete":
      return itemValues(change, "from");
    default:
      // An update's fields, and a move's place (`after section "a" ⇒ first`).
      return change.fields.flatMap(changedValues);
  }
}

export function changeParts(change: Change, where?: string): ChangeParts {
  // A create shows the values it makes, a delete those that go.
  const created = change.action === "create" || change.action === "delete";
  const values = mainFirst(valuesOf(change));
  const parts: ChangeParts = {
    symbol: SYMBOLS[change.action],
    item: changeItem(change),
    created,
    values,
    highRisk: change.highRisk === true,
    consequences: consequenceLines(change),
  };
  if (where !== undefined) parts.where = where;
  if (change.note) parts.note = printable(change.note);
  return parts;
}

/** The item, where it is, and its note, without values: the first line of the long form. */
export function headLine(parts: ChangeParts): string {
  const where = parts.where === undefined ? "" : ` in ${parts.where}`;
  const note = parts.note === undefined ? "" : `  (${parts.note})`;
  return `${parts.symbol} ${parts.item}${where}${note}${parts.highRisk ? "  HIGH RISK" : ""}`;
}

const valueText = (part: ValuePart) => (part.main ? part.value : `${part.field} ${part.value}`);

/** The change on one line, or undefined when that line would be longer than `max`. */
export function oneLine(parts: ChangeParts, max = LINE_MAX): string | undefined {
  const [first, ...rest] = parts.values;
  let values = "";
  if (first !== undefined) {
    const lead = parts.created && first.main ? ` → ${first.value}` : `: ${valueText(first)}`;
    const more = rest.map(valueText);
    values = more.length === 0 ? lead : `${lead}${lead.startsWith(":") ? ", " : "; "}${more.join(", ")}`;
  }
  const where = parts.where === undefined ? "" : ` in ${parts.where}`;
  const note = parts.note === undefined ? "" : `  (${parts.note})`;
  const line = `${parts.symbol} ${parts.item}${where}${values}${note}${parts.highRisk ? "  HIGH RISK" : ""}`;
  return line.length <= max ? line : undefined;
}

/** The long form's lines after the first, each value on its own (`name: value`). */
export function valueLines(parts: ChangeParts): string[] {
  return parts.values.map((part) => `${part.field}: ${part.value}`);
}

/**
 * The change's lines, plain: one when it fits, else its head line and one line per value; then
 * a line per consequence.
 */
export function changeLines(parts: ChangeParts, max = LINE_MAX): { head: string; values: string[] } {
  const line = oneLine(parts, max);
  return line === undefined
    ? { head: headLine(parts), values: [...valueLines(parts), ...parts.consequences] }
    : { head: line, values: parts.consequences };
}
