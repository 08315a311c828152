// The plan as one self-contained HTML page, for a reviewer who opens it from a CI artifact or a
// file: the summary with counts per kind, high-risk changes and warnings, the changes hard to
// undo (deletes, replacements), the navigation of each site the plan changes as a tree, and every
// other change with its values, long lists folded by kind under their counts. No script, and
// nothing from the network (the page's Content-Security-Policy forbids it): its style is
// inline, its fonts are the system's. Every text from the configuration or the live state is
// escaped; sensitive values are `(sensitive)` as everywhere.

import type { Change, ChangeAction, Navigation, NavigationItem, Plan } from "../model/plan.ts";
import { VERSION } from "../version.ts";
import { brandChanges } from "./brands.ts";
import { changeParts, type ValuePart } from "./change-parts.ts";
import { changeGroups, type KindList, listSummary, riskFirst, whereIn } from "./groups.ts";
import { brandsHtml, hasColour, leafHtml } from "./html-brand.ts";
import { escapeHtml } from "./html-escape.ts";
import { HTML_STYLE } from "./html-style.ts";
import { countsByKind, itemText, printable, type ReportedKinds } from "./names.ts";
import { refusalHtml } from "./refusals.ts";
import { itemNotes, itemParts } from "./tree.ts";

/** What the page calls itself and its changes (a plan, or drift read as a plan). */
export interface HtmlView {
  title: string;
  summary: string;
  words: Record<ChangeAction, string>;
  legend: string;
  /**
   * The heading of the changes hard to undo (deletes, replacements, high-risk changes), which
   * then lead the page, before the navigation, each in full; without it they stand in their lists.
   */
  lead?: string;
  /** Whether the edits of a brand read as one change each, before the sites' own changes. */
  brands?: boolean;
  /** The kinds of the run that made the plan; default: the built-in kinds. */
  kinds?: ReportedKinds;
}

/** Lists of more changes than this are folded, by kind with their counts. */
const OPEN_MAX = 10;

export { escapeHtml };

const CLASS_OF: Record<ChangeAction, string> = {
  create: "create",
  update: "update",
  replace: "replace",
  delete: "delete",
  move: "move",
};

function valueHtml(part: ValuePart, created: boolean): string {
  const value = `<code>${escapeHtml(part.value)}</code>`;
  if (part.main) return created ? `→ ${value}` : value;
  return `<span class="field">${escapeHtml(part.field)}</span>${value}`;
}

function changeRow(change: Change, where: string | undefined): string {
  const parts = changeParts(change, where);
  const place = where === undefined ? "" : ` <span class="note">in ${escapeHtml(where)}</span>`;
  // An update of colours (a site's customization) draws them, before and after.
  const values =
    change.action === "update" && change.fields.some(hasColour)
      ? change.fields.map((field) => leafHtml(field)).join("")
      : parts.values.map((part) => `<div>${valueHtml(part, parts.created)}</div>`).join("");
  const note = [...(parts.note === undefined ? [] : [parts.note]), ...parts.consequences]
    .map((line) => `<div class="note">${escapeHtml(line)}</div>`)
    .join("");
  const risk = parts.highRisk ? '<span class="badge risk">HIGH RISK</span>' : "";
  return (
    `<tr class="${CLASS_OF[change.action]}"><td class="mark">${escapeHtml(parts.symbol)}</td>` +
    `<td class="item"><code>${escapeHtml(parts.item)}</code>${place}${risk}</td>` +
    `<td class="values">${values}${note}</td></tr>`
  );
}

function changeTable(changes: readonly Change[], where: (change: Change) => string | undefined): string {
  return `<table>${changes.map((change) => changeRow(change, where(change))).join("\n")}</table>`;
}

/** A list of one kind's changes; a long one folded under its counts (it holds nothing destructive). */
function listHtml(list: KindList, view: HtmlView): string {
  const summary = escapeHtml(listSummary(list, view.words, view.kinds));
  const table = changeTable(list.changes, whereIn);
  if (view.lead === undefined || list.changes.length <= OPEN_MAX) return `<h4>${summary}</h4>\n${table}`;
  return `<details class="list"><summary><h4>${summary}</h4></summary>\n${table}</details>`;
}

/** The changes hard to undo, each with where it is in full, open before everything else. */
function leadHtml(changes: readonly Change[], view: HtmlView): string {
  if (changes.length === 0 || view.lead === undefined) return "";
  const where = (change: Change) => {
    const parent = change.parents?.[change.parents.length - 1];
    return parent === undefined ? undefined : printable(parent);
  };
  const count = `${changes.length.toLocaleString("en-US")} change${changes.length === 1 ? "" : "s"}`;
  return `<section id="lead"><h2>${escapeHtml(view.lead)} · ${count}</h2>\n${changeTable(changes, where)}</section>`;
}

function changesHtml(changes: readonly Change[], plan: Plan, view: HtmlView): string {
  const groups = changeGroups(changes, view.kinds).map((group) => {
    const title =
      group.address === undefined
        ? `Organization <code>${escapeHtml(plan.organization)}</code>`
        : `<code>${escapeHtml(printable(group.address))}</code>`;
    const own = group.own ? changeTable([group.own], () => undefined) : "";
    const count = `${group.count.toLocaleString("en-US")} change${group.count === 1 ? "" : "s"}`;
    return `<h3>${title} · ${count}</h3>\n${own}\n${group.lists.map((list) => listHtml(list, view)).join("\n")}`;
  });
  return `<section id="changes"><h2>Changes</h2>\n${groups.join("\n")}</section>`;
}

const MARK_SYMBOLS: [string, string][] = [
  ["new", "+"],
  ["removed", "-"],
  ["moved", "↕"],
  ["renamed", "~"],
  ["changed", "~"],
];

function treeItem(
  item: NavigationItem,
  siblings: number,
  parent: NavigationItem | undefined,
  parentNew: boolean,
): string {
  const marks = item.marks ?? [];
  const symbol = MARK_SYMBOLS.find(([mark]) => marks.includes(mark as never))?.[1] ?? "";
  // An external link says so with a badge of its own rather than among its values.
  const { external, ...inSite } = item;
  const { name, values: fields } = itemParts(inSite, siblings);
  const notes = itemNotes(item, parent, parentNew);
  const badges = marks
    .filter((mark) => !(mark === "new" && parentNew))
    .map((mark) => `<span class="badge ${mark}">${mark}</span>`)
    .join("")
    .concat(external ? '<span class="badge external">external link ↗</span>' : "");
  const words = notes.filter((note) => !(marks as string[]).includes(note));
  const note = words.length > 0 ? ` <span class="note">${escapeHtml(words.join(", "))}</span>` : "";
  const isNew = marks.includes("new");
  const below: string = (item.items ?? [])
    .map((child) => treeItem(child, item.items!.length, item, isNew))
    .join("");
  return (
    `<li${marks.length === 0 ? "" : ` class="${marks.join(" ")}"`}><span class="row"><span class="mark">${symbol}</span>` +
    `<span class="name">${escapeHtml(name)}</span>${fields === "" ? "" : `<span class="fields">: ${escapeHtml(fields)}</span>`}` +
    `${badges}${note}</span>${below === "" ? "" : `<ul>${below}</ul>`}</li>`
  );
}

function navigationHtml(navigations: readonly Navigation[], view: HtmlView): string {
  if (navigations.length === 0) return "";
  const trees = navigations.map((navigation) => {
    const items = navigation.items
      .map((item) => treeItem(item, navigation.items.length, undefined, navigation.new === true))
      .join("");
    const isNew = navigation.new ? '<span class="badge new">new</span>' : "";
    return `<figure class="tree"><figcaption>${escapeHtml(printable(itemText(navigation.kind, navigation.name)))}${isNew}</figcaption><ul>${items}</ul></figure>`;
  });
  return `<section id="navigation"><h2>Navigation after this plan</h2><p class="legend">${escapeHtml(view.legend)}</p>\n${trees.join("\n")}</section>`;
}

function countsHtml(plan: Plan, kinds: ReportedKinds | undefined): string {
  const counted: [string, ChangeAction[]][] = [
    ["to create", ["create", "replace"]],
    ["to update", ["update"]],
    ["to move", ["move"]],
    ["to delete", ["delete", "replace"]],
  ];
  const items = counted.map(([words, actions]) => {
    const changes = plan.changes.filter((change) => actions.includes(change.action) && !change.blocked);
    const counts =
      changes.length > 0 ? `<span class="kinds">${escapeHtml(countsByKind(changes, kinds))}</span>` : "";
    return `<li><b>${changes.length.toLocaleString("en-US")}</b>${words}${counts}</li>`;
  });
  return `<ul class="counts">${items.join("")}</ul>`;
}

function calloutsHtml(plan: Plan): string {
  const risky = plan.changes.filter((change) => change.highRisk);
  const parts: string[] = [];
  if (risky.length > 0) {
    const items = risky.map(
      (change) =>
        `<li><b>${change.action}</b> <code>${escapeHtml(printable(change.address))}</code>${change.note ? ` (${escapeHtml(change.note)})` : ""}</li>`,
    );
    parts.push(
      `<div class="callout caution"><b>${risky.length} high-risk change${risky.length === 1 ? "" : "s"}</b>: hard to undo. Check them before merging.<ul>${items.join("")}</ul></div>`,
    );
  }
  if (plan.warnings.length > 0) {
    const items = plan.warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`);
    parts.push(`<div class="callout"><b>Warnings</b><ul>${items.join("")}</ul></div>`);
  }
  return parts.join("\n");
}

export function renderHtml(plan: Plan, view: HtmlView): string {
  const title = `${view.title} · ${plan.organization}`;
  const { brands, rest: unbranded } = view.brands
    ? brandChanges(plan.changes)
    : { brands: [], rest: plan.changes };
  const { destructive, rest } =
    view.lead === undefined ? { destructive: [], rest: unbranded } : riskFirst(unbranded);
  const body =
    plan.changes.length === 0
      ? ""
      : [
          calloutsHtml(plan),
          leadHtml(destructive, view),
          navigationHtml(plan.navigation ?? [], view),
          brandsHtml(brands),
          rest.length === 0 ? "" : changesHtml(rest, plan, view),
        ].join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(view.title)}</h1>
<p class="subtitle">Organization <code>${escapeHtml(plan.organization)}</code></p>
<p class="summary">${escapeHtml(view.summary)}</p>
${refusalHtml(plan)}
${plan.changes.length === 0 ? "" : countsHtml(plan, view.kinds)}
${body}
<footer>Made by docsync ${escapeHtml(VERSION)}. This page is self-contained: it loads nothing.</footer>
</main>
</body>
</html>
`;
}
