// A brand edit in the Markdown plan: the brand, what it is applied to with one call each, then
// each leaf once, its values as code (GitHub shows a colour's swatch beside its hex value).

import { type BrandChange, brandItem, leafReach, leafSides } from "./brands.ts";
import { CELL_VALUE_MAX, clip, codeSpan, plural } from "./markdown.ts";

const names = (targets: readonly string[]) =>
  targets.map((target) => codeSpan(clip(target, CELL_VALUE_MAX), false)).join(", ");

export function brandBlock(edit: BrandChange): string[] {
  const head = `#### ${codeSpan(brandItem(edit), false)} · ${plural(edit.calls, "call")}, one each`;
  const leaves = edit.leaves.map((leaf) => {
    const { from, to } = leafSides(leaf.field);
    const only = leafReach(leaf, edit) === undefined ? "" : ` (only ${names(leaf.targets)})`;
    const values = `${codeSpan(clip(from, CELL_VALUE_MAX), false)} → ${codeSpan(clip(to, CELL_VALUE_MAX), false)}`;
    return `- ${codeSpan(leaf.field.field, false)}: ${values}${only}`;
  });
  return [head, "", `Applied to ${names(edit.targets)}`, "", ...leaves, ""];
}
