// Branding on the HTML page, as a designer approves it: each brand edit once with the targets it
// changes, and each leaf's value before and after as what it is: a colour as a swatch beside its
// hex value (a light-mode colour on a light ground, a dark-mode one on a dark ground), a font by
// its name, a logo's or favicon's URL as a link, as text. The page still loads nothing: a swatch
// is an inline background colour, and a link is followed only when clicked.

import type { FieldChange } from "../model/plan.ts";
import { type BrandChange, brandItem, leafReach, leafSides } from "./brands.ts";
import { escapeHtml } from "./html-escape.ts";
import { printable } from "./names.ts";

/** A colour as the customization document holds it: only these are drawn. */
const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A URL to show as a link: only http(s), never a `javascript:` one. */
const URL = /^https?:\/\/[^\s"'<>`]+$/i;

/** Whether a field change has a colour to draw, before or after. */
export const hasColour = (field: FieldChange): boolean =>
  !field.sensitive && [field.from, field.to].some((value) => typeof value === "string" && COLOUR.test(value));

/** The ground a colour is drawn on: a dark-mode colour's is dark. */
const groundOf = (field: string): string => (/(^|\.)dark$/.test(field) ? "dark" : "light");

/** One side of a leaf: a swatch and the hex value, a link, or the value as code. */
function sideHtml(field: FieldChange, which: "from" | "to", text: string): string {
  const value = field[which];
  if (field.sensitive || typeof value !== "string") return `<code>${escapeHtml(text)}</code>`;
  if (COLOUR.test(value)) {
    const swatch = `<span class="swatch ${groundOf(field.field)}"><span style="background-color: ${value}"></span></span>`;
    return `<span class="colour">${swatch}<code>${escapeHtml(value)}</code></span>`;
  }
  if (URL.test(value))
    return `<a class="url" href="${escapeHtml(value)}" rel="noreferrer noopener">${escapeHtml(printable(value))}</a>`;
  return `<code>${escapeHtml(text)}</code>`;
}

/** A leaf's change, before → after, side by side. */
export function leafHtml(field: FieldChange, note?: string): string {
  const { from, to } = leafSides(field);
  return (
    `<div class="leaf"><span class="field">${escapeHtml(printable(field.field))}</span>` +
    `<span class="before">${sideHtml(field, "from", from)}</span><span class="arrow">→</span>` +
    `<span class="after">${sideHtml(field, "to", to)}</span>` +
    `<span class="note">${note === undefined ? "" : escapeHtml(note)}</span></div>`
  );
}

function brandHtml(edit: BrandChange): string {
  const targets = edit.targets.map((target) => `<code>${escapeHtml(printable(target))}</code>`).join(", ");
  const calls = `${edit.calls} call${edit.calls === 1 ? "" : "s"}, one each`;
  const leaves = edit.leaves
    .map((leaf) => {
      const only = leafReach(leaf, edit) === undefined ? undefined : `only ${leaf.targets.join(", ")}`;
      return leafHtml(leaf.field, only && printable(only));
    })
    .join("");
  return (
    `<div class="brand"><h3><code>${escapeHtml(brandItem(edit))}</code> · ${calls}</h3>` +
    `<p class="reach">Applied to ${targets}</p><div class="leaves">${leaves}</div></div>`
  );
}

/** The brand edits of a plan, before the targets' own changes. */
export function brandsHtml(edits: readonly BrandChange[]): string {
  if (edits.length === 0) return "";
  return `<section id="brands"><h2>Brands</h2>\n${edits.map(brandHtml).join("\n")}</section>`;
}
