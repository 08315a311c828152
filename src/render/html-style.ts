// The style of the HTML report: inline, with the system's fonts, so that the page needs nothing
// from the network. Colours say what happens to an item; the marks and words say it too.

export const HTML_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #ffffff;
  --panel: #f6f8fa; --create: #1a7f37; --delete: #cf222e; --update: #9a6700; --move: #0969da;
  --replace: #8250df; --create-bg: #dafbe1; --delete-bg: #ffebe9; --update-bg: #fff8c5; --move-bg: #ddf4ff; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --line: #3d444d;
  --bg: #0d1117; --panel: #151b23; --create: #3fb950; --delete: #f85149; --update: #d29922;
  --move: #4493f8; --replace: #ab7df8; --create-bg: #12261e; --delete-bg: #25171c; --update-bg: #272115;
  --move-bg: #121d2f; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, -apple-system,
  "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 32px 48px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 24px 0 8px; }
h4 { font-size: 13px; margin: 16px 0 6px; color: var(--muted); font-weight: 600; }
code, .tree, .mono { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas,
  "Liberation Mono", monospace; font-size: 12.5px; }
code { background: var(--panel); border-radius: 4px; padding: 1px 4px; overflow-wrap: anywhere; }
.subtitle { color: var(--muted); margin: 0 0 16px; }
.summary { font-weight: 600; font-size: 15px; margin: 12px 0; }
.counts { display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 0; list-style: none; }
.counts li { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; background: var(--panel); }
.counts b { font-size: 18px; margin-right: 4px; }
.counts .kinds { display: block; color: var(--muted); font-size: 12px; }
.callout { border-left: 4px solid var(--update); background: var(--panel); padding: 8px 16px; margin: 16px 0;
  border-radius: 0 6px 6px 0; }
.callout.caution { border-color: var(--delete); }
.callout ul { margin: 4px 0; padding-left: 20px; }
.legend { color: var(--muted); font-size: 12px; margin: 4px 0 12px; }
.tree { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 12px 16px;
  margin: 0 0 16px; }
.tree figcaption { font-weight: 700; margin-bottom: 4px; }
.tree ul { list-style: none; margin: 0; padding-left: 22px; position: relative; }
.tree > ul { padding-left: 4px; }
.tree li { position: relative; padding-left: 14px; }
.tree li::before { content: ""; position: absolute; left: 0; top: 0; bottom: 0; border-left: 1px solid var(--line); }
.tree li:last-child::before { bottom: auto; height: 0.8em; }
.tree li::after { content: ""; position: absolute; left: 0; top: 0.8em; width: 10px; border-top: 1px solid var(--line); }
.row { display: inline-block; padding: 1px 6px; border-radius: 4px; }
/* The tree's marks only: a table's mark cell made inline-block would leave the table's grid and
   draw its row border a pixel off the rest of the row. */
.row .mark { display: inline-block; width: 1.4em; font-weight: 700; text-align: center; }
.new > .row { background: var(--create-bg); } .new > .row .mark { color: var(--create); }
.removed > .row { background: var(--delete-bg); } .removed > .row .mark { color: var(--delete); }
.removed > .row .name { text-decoration: line-through; }
.moved > .row { background: var(--move-bg); } .moved > .row .mark { color: var(--move); }
.changed > .row, .renamed > .row { background: var(--update-bg); }
.changed > .row .mark, .renamed > .row .mark { color: var(--update); }
.fields, .note { color: var(--muted); }
.badge { display: inline-block; font-size: 11px; font-weight: 600; border-radius: 10px; padding: 0 7px;
  margin-left: 6px; border: 1px solid currentColor; font-family: system-ui, sans-serif; }
.badge.new { color: var(--create); } .badge.removed { color: var(--delete); }
.badge.moved { color: var(--move); } .badge.changed, .badge.renamed { color: var(--update); }
.badge.external { color: var(--muted); }
.badge.risk { color: #fff; background: var(--delete); border-color: var(--delete); }
table { border-collapse: collapse; width: 100%; margin: 0 0 8px; }
td { border-top: 1px solid var(--line); padding: 4px 8px; vertical-align: top; }
td.mark { width: 2.6em; font-family: ui-monospace, monospace; font-weight: 700; text-align: center; }
tr.create td.mark { color: var(--create); } tr.delete td.mark { color: var(--delete); }
tr.update td.mark { color: var(--update); } tr.move td.mark { color: var(--move); }
tr.replace td.mark { color: var(--replace); }
td.item { white-space: nowrap; }
td.values { width: 100%; }
td.values div + div { margin-top: 2px; }
.field { color: var(--muted); margin-right: 4px; }
details.list > summary { cursor: pointer; color: var(--muted); }
details.list > summary h4 { display: inline; }
#lead h2 { color: var(--delete); }
.brand h3 { margin-bottom: 4px; }
.reach { color: var(--muted); margin: 0 0 8px; }
.leaf > span { margin-right: 6px; }
.leaves { display: grid; grid-template-columns: repeat(4, max-content) 1fr; align-items: center; }
.leaves .leaf { display: contents; }
.leaves .leaf > span { border-top: 1px solid var(--line); padding: 4px 8px 4px 0; margin: 0; min-height: 100%; }
.colour { display: inline-flex; align-items: center; gap: 4px; }
.swatch { display: inline-block; padding: 3px; border: 1px solid var(--line); border-radius: 5px; line-height: 0; }
.swatch.light { background: #ffffff; } .swatch.dark { background: #0d1117; }
.swatch > span { display: inline-block; width: 18px; height: 18px; border-radius: 3px; }
a.url { overflow-wrap: anywhere; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
`;
