// The Markdown of a plan and of drift, as pull-request comments and job summaries show it.

import { describe, expect, it } from "vitest";
import type { Change, FieldChange, Navigation, Plan } from "../../src/model/plan.ts";
import { renderDriftMarkdown } from "../../src/render/drift-markdown.ts";
import { codeSpan, escapeMarkdown, MARKDOWN_LIMIT } from "../../src/render/markdown.ts";
import { renderPlanMarkdown } from "../../src/render/plan-markdown.ts";

let ids = 0;
/** A change as the planner makes it: `parents` are the items it is in, `name` its own name. */
function change(
  action: Change["action"],
  kind: string,
  name: string,
  parents: string[],
  fields: FieldChange[] = [],
  extra: Partial<Change> = {},
): Change {
  const own = `${kind} ${JSON.stringify(name)}`;
  const address = parents.length === 0 ? own : `${parents[parents.length - 1]} › ${own}`;
  const made: Change = { id: `c${++ids}`, action, kind, address, name, fields, calls: [], ...extra };
  if (parents.length > 0) made.parents = parents;
  return made;
}

function plan(changes: Change[], warnings: string[] = [], navigation?: Navigation[]): Plan {
  const summary = { create: 0, update: 0, replace: 0, move: 0, delete: 0 };
  for (const c of changes) summary[c.action]++;
  const made: Plan = {
    format: "docsync-plan",
    version: 2,
    organization: "org_acme",
    changes,
    calls: [],
    warnings,
    summary,
  };
  if (navigation) made.navigation = navigation;
  return made;
}

const DOCS = ['site "Docs"'];

const SMALL = () =>
  plan([
    change(
      "create",
      "team",
      "Support",
      [],
      [
        { field: "title", to: "Support" },
        { field: "members", to: ["usr_rita"] },
      ],
    ),
    change("update", "section", "api", DOCS, [{ field: "title", from: "API", to: "API v2" }], {
      note: 'renamed from "apis"',
    }),
    change("delete", "site", "Old", [], [{ field: "visibility", from: "public" }], { highRisk: true }),
  ]);

/** `count` redirects created in site "Docs", to external URLs. */
const redirects = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    change("create", "redirect", `/old/page-${i}`, DOCS, [
      { field: "source", to: `/old/page-${i}` },
      {
        field: "destination",
        to: { kind: "external", url: `https://docs.example/new/page-${i}` },
        toText: `https://docs.example/new/page-${i}`,
        main: true,
      },
    ]),
  );

describe("renderPlanMarkdown", () => {
  it("renders the summary, the high-risk callout, the deletes, then one section per site and one list per kind", () => {
    expect(renderPlanMarkdown(SMALL())).toBe(
      [
        "### docsync plan · organization `org_acme`",
        "",
        "**Plan: 1 to create (1 team), 1 to update (1 section), 0 to move, 1 to delete (1 site).**",
        "",
        "> [!CAUTION]",
        "> **1 high-risk change**: these are hard to undo (deletes, replacements, risky settings). Check them before merging.",
        ">",
        '> - **delete** `site "Old"`',
        "",
        "#### Deletes, replacements and high-risk changes · 1 change",
        "",
        "```diff",
        '- site "Old": visibility "public"  HIGH RISK',
        "```",
        "",
        "#### Organization `org_acme` · 1 change",
        "",
        "<details open><summary>1 team: 1 to create</summary>",
        "",
        "```diff",
        '+ team "Support": members ["usr_rita"]',
        "```",
        "",
        "</details>",
        "",
        '#### `site "Docs"` · 1 change',
        "",
        "<details open><summary>1 section: 1 to update</summary>",
        "",
        "```diff",
        '! section "api": title "API" ⇒ "API v2"  (renamed from "apis")',
        "```",
        "",
        "</details>",
        "",
      ].join("\n"),
    );
  });

  it("shows each change on one line with its values: an update only the fields and keys that change", () => {
    const markdown = renderPlanMarkdown(
      plan([
        change("replace", "custom field", "tier", [], [{ field: "type", from: "text", to: "select" }], {
          note: "must be replaced: type cannot change in place",
        }),
        change("move", "section", "sdk", DOCS, [
          {
            field: "position",
            from: 'after section "api"',
            to: "first",
            fromText: 'after section "api"',
            toText: "first",
            main: true,
          },
        ]),
        change(
          "update",
          "site",
          "Docs",
          [],
          [
            { field: "visibility", from: "public", to: "unlisted" },
            {
              field: "adaptiveContent",
              from: { enabled: true, mode: "a" },
              to: { enabled: false, mode: "a" },
            },
            { field: "basename", from: "docs" },
          ],
        ),
        change("update", "redirect", "/old", DOCS, [
          {
            field: "destination",
            from: { kind: "site-section", siteSectionId: "sitesc_1" },
            to: { kind: "external", url: "https://example.org/moved" },
            fromText: 'section "docs"',
            toText: "https://example.org/moved",
            main: true,
          },
        ]),
        change("delete", "redirect", "/gone", DOCS, [
          {
            field: "destination",
            from: { kind: "external", url: "https://gone.example" },
            fromText: "https://gone.example",
            main: true,
          },
        ]),
      ]),
    );
    expect(markdown).toContain(
      '-/+ custom field "tier": type "text" ⇒ "select"  (must be replaced: type cannot change in place)\n',
    );
    expect(markdown).toContain(
      '! site "Docs": visibility "public" ⇒ "unlisted", adaptiveContent.enabled true ⇒ false, basename "docs" ⇒ (removed)\n',
    );
    // A move shows where the item was and where it goes.
    expect(markdown).toContain('! section "sdk": after section "api" ⇒ first\n');
    expect(markdown).toContain('! redirect /old: section "docs" ⇒ https://example.org/moved\n');
    // A delete shows the values that go, and where the item is: deletes lead, outside the lists.
    expect(markdown).toContain('- redirect /gone in site "Docs" → https://gone.example\n');
    // An unchanged key of an object is not shown.
    expect(markdown).not.toContain("mode");
  });

  it("writes a change too long for one line as its item, then one line per value", () => {
    const schema = { plan: { type: "string", description: "x".repeat(150) } };
    const markdown = renderPlanMarkdown(
      plan([
        change(
          "create",
          "site",
          "Docs",
          [],
          [
            { field: "title", to: "Docs" },
            { field: "schema", to: schema },
          ],
        ),
      ]),
    );
    expect(markdown).toContain(
      `\`\`\`diff\n+ site "Docs"\n      schema: ${JSON.stringify(schema)}\n\`\`\`\n`,
    );
  });

  it("draws the navigation of each site it changes as a tree, marks first, in words too", () => {
    const navigation: Navigation = {
      kind: "site",
      name: "Docs",
      address: 'site "Docs"',
      items: [
        { kind: "section", name: "guides", address: "g", fields: { title: "Guides" }, default: true },
        { kind: "section", name: "new", address: "n", fields: { title: "New" }, marks: ["new"] },
        {
          kind: "group",
          name: "Developers",
          address: "d",
          items: [
            {
              kind: "section",
              name: "api",
              address: "a",
              fields: { title: "API" },
              marks: ["moved", "renamed", "changed"],
              before: { name: "reference", fields: { title: "Reference" }, block: null },
            },
          ],
        },
        { kind: "section", name: "old", address: "o", fields: { title: "Old" }, marks: ["removed"] },
      ],
    };
    const markdown = renderPlanMarkdown(plan([change("create", "section", "new", DOCS)], [], [navigation]));
    expect(markdown).toContain(
      [
        '#### Navigation of `site "Docs"` after this plan',
        "",
        "```diff",
        '  site "Docs"',
        '  ├─ section "guides": title "Guides", default',
        '+ ├─ section "new": title "New"  (new)',
        '  ├─ group "Developers"',
        '! │  └─ section "api": title "API"  (moved into group "Developers", renamed from "reference", title was "Reference")',
        '- └─ section "old": title "Old"  (removed)',
        "```",
      ].join("\n"),
    );
    // The picture comes before the changes.
    expect(markdown.indexOf("Navigation of")).toBeLessThan(markdown.indexOf('#### `site "Docs"`'));
  });

  it("escapes names and values: code blocks are fenced longer than any backticks inside, headings are code", () => {
    const markdown = renderPlanMarkdown(
      plan(
        [
          change(
            "update",
            "section",
            "x`y",
            ['site "A|B"'],
            [{ field: "title", from: "<b>old</b>", to: "a ``` b | c" }],
          ),
          change("update", "team", "T", [], [{ field: "title", from: "x", to: "y" }], {
            note: 'renamed from "<img src=x onerror=alert(1)>"',
          }),
        ],
        ['site "*bold*" is protected: <script>; left | as it is'],
      ),
    );
    expect(markdown).toContain('````diff\n! section "x`y": title "<b>old</b>" ⇒ "a ``` b | c"\n````\n');
    expect(markdown).toContain('#### `site "A|B"` · 1 change');
    expect(markdown).toContain('> - site `"*bold*"` is protected: &lt;script&gt;; left \\| as it is\n');
    // Nothing outside code is raw HTML from a value.
    const outsideCode = markdown
      .replace(/^(`{3,})\w*\n[\s\S]*?^\1$/gm, "")
      .replace(/(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, "");
    expect(outsideCode).not.toMatch(/<(?!\/?(details|summary|code)[ >])/);
    expect(outsideCode).toContain("&lt;script&gt;");
  });

  it("never prints the value of a sensitive field", () => {
    const secret = "-----BEGIN CERTIFICATE-----MIIDpDCCAoygAwIBAgIGAXAMPLE";
    const p = plan([
      change("create", "SAML provider", "Okta", [], [{ field: "certificate", to: secret, sensitive: true }]),
      change(
        "update",
        "SAML provider",
        "Azure",
        [],
        [{ field: "certificate", from: `${secret}1`, to: `${secret}2`, sensitive: true }],
      ),
    ]);
    const markdown = renderPlanMarkdown(p);
    const drift = renderDriftMarkdown(p);
    expect(markdown).not.toContain("MIID");
    expect(drift).not.toContain("MIID");
    expect(markdown).toContain('+ SAML provider "Okta": certificate (sensitive)\n');
    expect(markdown).toContain('! SAML provider "Azure": certificate (sensitive, changed)\n');
  });

  it("with no changes: the summary line and the warnings only", () => {
    expect(renderPlanMarkdown(plan([], ['site "Docs" is protected']))).toBe(
      [
        "### docsync plan · organization `org_acme`",
        "",
        "**No changes: live state matches the configuration.**",
        "",
        "> [!WARNING]",
        '> - site `"Docs"` is protected',
        "",
      ].join("\n"),
    );
  });

  it("holds every source and destination of 300 redirects, folded", () => {
    const markdown = renderPlanMarkdown(plan(redirects(300)));
    expect(markdown.length).toBeLessThan(65_536);
    for (let i = 0; i < 300; i++)
      expect(markdown).toContain(`+ redirect /old/page-${i} → https://docs.example/new/page-${i}\n`);
    expect(markdown).toContain("<details><summary>300 redirects: 300 to create</summary>");
    expect(markdown).not.toContain("[!NOTE]");
  });

  it("leads with the one delete among 300 new redirects, never folded", () => {
    const gone = change("delete", "redirect", "/blog/post-7", DOCS, [
      {
        field: "destination",
        from: { kind: "external", url: "https://x.example" },
        fromText: "https://x.example",
        main: true,
      },
    ]);
    const markdown = renderPlanMarkdown(plan([...redirects(150), gone, ...redirects(150)]));
    const line = '- redirect /blog/post-7 in site "Docs" → https://x.example\n';
    expect(markdown).toContain(
      `#### Deletes, replacements and high-risk changes · 1 change\n\n\`\`\`diff\n${line}`,
    );
    // Before any list, and outside every folded block; the creates fold by kind, with their counts.
    const at = markdown.indexOf(line);
    expect(at).toBeLessThan(markdown.indexOf("<details"));
    expect(markdown.split(line)).toHaveLength(2);
    expect(markdown).toContain("<details><summary>300 redirects: 300 to create</summary>");
  });

  it("too large even so: cuts the longest lists alike, says how many it left out and where the whole plan is", () => {
    const sections = Array.from({ length: 20 }, (_, i) =>
      change("update", "section", `s${i}`, DOCS, [{ field: "title", from: "a", to: `b${i}` }]),
    );
    const markdown = renderPlanMarkdown(
      plan([...sections, ...redirects(5_000)]),
      "The whole plan is in the artifact `docsync-plan-abc`.",
    );
    expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    // The short list is whole; the long one keeps its first changes, in order, and counts the rest.
    for (let i = 0; i < 20; i++) expect(markdown).toContain(`! section "s${i}": title "a" ⇒ "b${i}"\n`);
    const shown = markdown.split("\n").filter((line) => line.startsWith("+ redirect ")).length;
    expect(shown).toBeGreaterThan(500);
    expect(markdown).toContain("+ redirect /old/page-0 → https://docs.example/new/page-0\n");
    expect(markdown).toContain(`+ redirect /old/page-${shown - 1} → `);
    expect(markdown).not.toContain(`+ redirect /old/page-${shown} → `);
    const left = (5_000 - shown).toLocaleString("en-US");
    expect(markdown).toContain(`  … and ${left} more, left out of this report\n`);
    expect(markdown).toMatch(
      new RegExp(
        `> \\[!NOTE\\]\n> ${left} changes of 5,020 are left out of this report to keep it under 60,000 characters\\. The whole plan is in the artifact \`docsync-plan-abc\`\\.\n$`,
      ),
    );
    expect(markdown.split("<details").length).toBe(markdown.split("</details>").length);
  });

  it("is pure: same plan, same Markdown, plan untouched", () => {
    const p = SMALL();
    const before = structuredClone(p);
    expect(renderPlanMarkdown(p)).toBe(renderPlanMarkdown(p));
    expect(renderDriftMarkdown(p)).toBe(renderDriftMarkdown(p));
    expect(p).toEqual(before);
  });
});

describe("renderDriftMarkdown", () => {
  it("reads a create as missing, a delete as live only, an update as live ⇒ configured, a move as out of order", () => {
    const markdown = renderDriftMarkdown(
      plan([
        change("create", "team", "Support", [], [{ field: "title", to: "Support" }]),
        change("delete", "section", "hand", DOCS),
        change("update", "section", "guides", DOCS, [
          { field: "title", from: "User guides", to: "Guides" },
          { field: "icon", from: "book", to: "book|open" },
        ]),
        change("move", "section", "sdk", DOCS, [], { note: 'after section "guides"' }),
      ]),
    );
    expect(markdown).toBe(
      [
        "### docsync drift · organization `org_acme`",
        "",
        "**Drift: 4 items differ from the configuration: 1 missing from the live organization, 1 live only, 1 different, 1 out of order.**",
        "",
        "Each line: `+` missing from the live organization, `-` live only, `!` differs (live ⇒ configured) or is out of order, `-/+` differs in a field that cannot change in place.",
        "",
        "#### Organization `org_acme` · 1 change",
        "",
        "<details open><summary>1 team: 1 missing from the live organization</summary>",
        "",
        "```diff",
        '+ team "Support"',
        "```",
        "",
        "</details>",
        "",
        '#### `site "Docs"` · 3 changes',
        "",
        "<details open><summary>3 sections: 1 live only, 1 different, 1 out of order</summary>",
        "",
        "```diff",
        '- section "hand"',
        '! section "guides": title "User guides" ⇒ "Guides", icon "book" ⇒ "book|open"',
        '! section "sdk"  (after section "guides")',
        "```",
        "",
        "</details>",
        "",
      ].join("\n"),
    );
  });

  it("with no drift: says so", () => {
    expect(renderDriftMarkdown(plan([]))).toBe(
      "### docsync drift · organization `org_acme`\n\n**No drift: the live organization matches the configuration.**\n",
    );
  });

  it("calls out what applying would delete or replace, and points to docsync drift when cut", () => {
    const markdown = renderDriftMarkdown(
      plan([change("delete", "site", "Hand made", [], [], { highRisk: true }), ...redirects(5_000)]),
    );
    expect(markdown).toContain(
      '> **Applying the configuration would make 1 high-risk change**, which is hard to undo:\n>\n> - **delete** `site "Hand made"` (live only)\n',
    );
    expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(markdown).toMatch(/Run `docsync drift` to see everything\.\n$/);
  });
});

describe("escaping helpers", () => {
  it("code spans hold any text exactly", () => {
    expect(codeSpan("plain")).toBe("`plain`");
    expect(codeSpan("a`b")).toBe("``a`b``");
    expect(codeSpan("`x`")).toBe("`` `x` ``");
    expect(codeSpan("a|b")).toBe("`a\\|b`");
    expect(codeSpan("a|b", false)).toBe("`a|b`");
    expect(codeSpan("two\nlines")).toBe("`two lines`");
  });

  it("Markdown text has HTML and inline syntax neutralized", () => {
    expect(escapeMarkdown("<a href='x'>*hi*</a> | `c` & [l](u)")).toBe(
      "&lt;a href='x'&gt;\\*hi\\*&lt;/a&gt; \\| \\`c\\` &amp; \\[l\\](u)",
    );
  });
});
