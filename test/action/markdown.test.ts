// The Markdown of a plan and of drift, as pull-request comments and job summaries show it.

import { describe, expect, it } from "vitest";
import { renderDriftMarkdown } from "../../src/drift/markdown.ts";
import type { Change, FieldChange, Plan } from "../../src/model/plan.ts";
import { codeSpan, escapeMarkdown, MARKDOWN_LIMIT } from "../../src/render/markdown.ts";
import { renderPlanMarkdown } from "../../src/render/plan-markdown.ts";

let ids = 0;
function change(
  action: Change["action"],
  kind: string,
  address: string,
  fields: FieldChange[] = [],
  extra: Partial<Change> = {},
): Change {
  return { id: `c${++ids}`, action, kind, address, fields, calls: [], ...extra };
}

function plan(changes: Change[], warnings: string[] = []): Plan {
  const summary = { create: 0, update: 0, replace: 0, move: 0, delete: 0 };
  for (const c of changes) summary[c.action]++;
  return {
    format: "docsync-plan",
    version: 1,
    organization: "org_acme",
    changes,
    calls: [],
    warnings,
    summary,
  };
}

const SMALL = () =>
  plan([
    change("create", "team", 'team "Support"', [
      { field: "title", to: "Support" },
      { field: "members", to: ["usr_rita"] },
    ]),
    change(
      "update",
      "section",
      'site "Docs" › section "api"',
      [{ field: "title", from: "API", to: "API v2" }],
      {
        note: 'renamed from "apis"',
      },
    ),
    change("delete", "site", 'site "Old"', [], { highRisk: true }),
  ]);

describe("renderPlanMarkdown", () => {
  it("renders heading, summary, high-risk callout, table and grouped details", () => {
    expect(renderPlanMarkdown(SMALL())).toBe(
      [
        "### docsync plan · organization `org_acme`",
        "",
        "**Plan: 1 to create, 1 to update, 0 to move, 1 to delete.**",
        "",
        "> [!CAUTION]",
        "> **1 high-risk change**: these are hard to undo (deletes, replacements, risky settings). Check them before merging.",
        ">",
        '> - **delete** `site "Old"`',
        "",
        "| | Item | Change |",
        "|---|---|---|",
        '| `+` create | `team "Support"` | title, members |',
        '| `~` update | `site "Docs" › section "api"` | title; renamed from `"apis"` |',
        '| `-` delete ⚠️ | `site "Old"` | removed |',
        "",
        "<details><summary>Teams · 1 change</summary>",
        "",
        "```diff",
        '+ team "Support"',
        '+     title: "Support"',
        '+     members: ["usr_rita"]',
        "```",
        "",
        "</details>",
        "",
        "<details><summary><code>site &quot;Docs&quot;</code> · 1 change</summary>",
        "",
        "```diff",
        '~ site "Docs" › section "api"  (renamed from "apis")',
        '-     title: "API"',
        '+     title: "API v2"',
        "```",
        "",
        "</details>",
        "",
        "<details><summary><code>site &quot;Old&quot;</code> · 1 change</summary>",
        "",
        "```diff",
        '- site "Old"  HIGH RISK',
        "```",
        "",
        "</details>",
        "",
      ].join("\n"),
    );
  });

  it("has one table row per change, with its symbol, address and what changes", () => {
    const markdown = renderPlanMarkdown(
      plan([
        change(
          "replace",
          "custom field",
          'custom field "tier"',
          [{ field: "type", from: "text", to: "select" }],
          {
            note: "must be replaced: type cannot change in place",
          },
        ),
        change("move", "section", 'site "Docs" › section "sdk"', [], { note: 'after section "api"' }),
        change("update", "site", 'site "Docs"', [
          { field: "a", from: 1, to: 2 },
          { field: "b", from: 1, to: 2 },
          { field: "c", from: 1, to: 2 },
          { field: "d", from: 1, to: 2 },
          { field: "e", from: 1, to: 2 },
          { field: "f", from: 1, to: 2 },
        ]),
      ]),
    );
    const rows = markdown.split("\n").filter((line) => line.startsWith("| `"));
    expect(rows).toEqual([
      '| `-/+` replace | `custom field "tier"` | must be replaced: type cannot change in place |',
      '| `↕` move | `site "Docs" › section "sdk"` | moved after section `"api"` |',
      '| `~` update | `site "Docs"` | a, b, c, d and 2 more |',
    ]);
    // No high-risk change, no callout.
    expect(markdown).not.toContain("[!CAUTION]");
  });

  it("calls out every high-risk change above the table", () => {
    const markdown = renderPlanMarkdown(
      plan([
        change("create", "team", 'team "A"', [{ field: "title", to: "A" }]),
        change(
          "replace",
          "SAML provider",
          'SAML provider "Okta"',
          [{ field: "entityID", from: "x", to: "y" }],
          {
            highRisk: true,
            note: "must be replaced: entityID cannot change in place",
          },
        ),
        change("delete", "team", 'team "Old"', [], { highRisk: true }),
      ]),
    );
    const callout = [
      "> [!CAUTION]",
      "> **2 high-risk changes**: these are hard to undo (deletes, replacements, risky settings). Check them before merging.",
      ">",
      '> - **replace** `SAML provider "Okta"` (must be replaced: entityID cannot change in place)',
      '> - **delete** `team "Old"`',
      "",
    ].join("\n");
    expect(markdown).toContain(callout);
    expect(markdown.indexOf(callout)).toBeLessThan(markdown.indexOf("| | Item | Change |"));
  });

  it("escapes pipes, backticks and HTML in values, notes and warnings", () => {
    const markdown = renderPlanMarkdown(
      plan(
        [
          change("update", "section", 'site "A|B" › section "x`y"', [
            { field: "title", from: "<b>old</b>", to: "a ``` b | c" },
          ]),
          change("update", "team", 'team "T"', [{ field: "title", from: "x", to: "y" }], {
            note: 'renamed from "<img src=x onerror=alert(1)>"',
          }),
        ],
        ['site "*bold*" is protected: <script>; left | as it is'],
      ),
    );
    expect(markdown).toContain('| `~` update | ``site "A\\|B" › section "x`y"`` | title |\n');
    expect(markdown).toContain(
      '| `~` update | `team "T"` | title; renamed from `"<img src=x onerror=alert(1)>"` |\n',
    );
    expect(markdown).toContain('> - site `"*bold*"` is protected: &lt;script&gt;; left \\| as it is\n');
    // The details block is fenced longer than any run of backticks inside it.
    expect(markdown).toContain(
      '````diff\n~ site "A|B" › section "x`y"\n-     title: "<b>old</b>"\n+     title: "a ``` b | c"\n````\n',
    );
    expect(markdown).toContain("<summary><code>site &quot;A|B&quot;</code> · 1 change</summary>");
    // Nothing outside code is raw HTML from a value.
    const outsideCode = markdown
      .replace(/^(`{3,})\w*\n[\s\S]*?^\1$/gm, "")
      .replace(/(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, "");
    expect(outsideCode).not.toMatch(/<(?!\/?(details|summary|code)>)/);
    expect(outsideCode).toContain("&lt;script&gt;");
  });

  it("never prints the value of a sensitive field", () => {
    const secret = "-----BEGIN CERTIFICATE-----MIIDpDCCAoygAwIBAgIGAXAMPLE";
    const p = plan([
      change("create", "SAML provider", 'SAML provider "Okta"', [
        { field: "certificate", to: secret, sensitive: true },
      ]),
      change("update", "SAML provider", 'SAML provider "Azure"', [
        { field: "certificate", from: `${secret}1`, to: `${secret}2`, sensitive: true },
      ]),
    ]);
    const markdown = renderPlanMarkdown(p);
    const drift = renderDriftMarkdown(p);
    expect(markdown).not.toContain("MIID");
    expect(drift).not.toContain("MIID");
    expect(markdown).toContain("+     certificate: (sensitive)\n");
    expect(markdown).toContain("~     certificate: (sensitive, changed)\n");
    expect(drift).toContain("| certificate | (sensitive) | (sensitive) |\n");
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

  it("stays under the limit with thousands of changes: cuts the details, then the table, and says so", () => {
    const many = plan(
      Array.from({ length: 5_000 }, (_, i) =>
        change("create", "redirect", `site "Docs" › redirect "/old/page-${i}"`, [
          { field: "source", to: `/old/page-${i}` },
          { field: "destination", to: { kind: "url", url: `https://docs.example/new/page-${i}` } },
        ]),
      ),
    );
    const markdown = renderPlanMarkdown(many);
    expect(markdown.length).toBeLessThan(MARKDOWN_LIMIT);
    expect(markdown).not.toContain("<details>");
    const rows = markdown.split("\n").filter((line) => line.startsWith("| `+` create |")).length;
    expect(rows).toBeGreaterThan(500);
    expect(rows).toBeLessThan(5_000);
    // The rows shown are the first ones, in order.
    expect(markdown).toContain(
      '| `+` create | `site "Docs" › redirect "/old/page-0"` | source, destination |\n',
    );
    expect(
      markdown.endsWith(
        [
          "> [!NOTE]",
          `> ${(5_000 - rows).toLocaleString("en-US")} changes of 5,000 left out, and all details, to keep this report under 60,000 characters. Run \`docsync plan\` locally to see everything.`,
          "",
        ].join("\n"),
      ),
    ).toBe(true);
  });

  it("keeps the whole table and cuts only details when the table fits", () => {
    const big = "x".repeat(1_500);
    const p = plan(
      Array.from({ length: 100 }, (_, i) =>
        change("update", "site", `site "S${i}"`, [
          { field: "description", from: `${big}${i}`, to: `${big}!${i}` },
        ]),
      ),
    );
    const markdown = renderPlanMarkdown(p);
    expect(markdown.length).toBeLessThan(MARKDOWN_LIMIT);
    expect(markdown.split("\n").filter((line) => line.startsWith("| `~` update |"))).toHaveLength(100);
    const detailed = markdown.split("\n").filter((line) => /^~ site "S\d+"$/.test(line)).length;
    expect(detailed).toBeGreaterThan(5);
    expect(detailed).toBeLessThan(100);
    expect(markdown).toContain(`~ site "S${detailed - 1}"\n`);
    expect(markdown).not.toContain(`~ site "S${detailed}"\n`);
    expect(
      markdown.endsWith(
        `> Details of ${100 - detailed} changes of 100 left out to keep this report under 60,000 characters. Run \`docsync plan\` locally to see everything.\n`,
      ),
    ).toBe(true);
    // Every details block that was opened is closed.
    expect(markdown.split("<details>").length).toBe(markdown.split("</details>").length);
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
  it("reads a create as missing, a delete as live only, an update as live and configured values, a move as out of order", () => {
    const markdown = renderDriftMarkdown(
      plan([
        change("create", "team", 'team "Support"', [{ field: "title", to: "Support" }]),
        change("delete", "section", 'site "Docs" › section "hand"', []),
        change("update", "section", 'site "Docs" › section "guides"', [
          { field: "title", from: "User guides", to: "Guides" },
          { field: "icon", from: "book", to: "book|open" },
        ]),
        change("move", "section", 'site "Docs" › section "sdk"', [], { note: 'after section "guides"' }),
      ]),
    );
    expect(markdown).toBe(
      [
        "### docsync drift · organization `org_acme`",
        "",
        "**Drift: 4 items differ from the configuration: 1 missing from the live organization, 1 live only, 1 different, 1 out of order.**",
        "",
        "| | Item | Drift |",
        "|---|---|---|",
        '| `+` missing | `team "Support"` | missing from the live organization |',
        '| `-` live only | `site "Docs" › section "hand"` | live only, not in the configuration |',
        '| `~` differs | `site "Docs" › section "guides"` | differs: title, icon |',
        '| `↕` out of order | `site "Docs" › section "sdk"` | out of order: configured after section `"guides"` |',
        "",
        "<details><summary>Teams · 1 change</summary>",
        "",
        '**`+` `team "Support"`** missing from the live organization',
        "",
        "| Field | Live | Configured |",
        "|---|---|---|",
        '| title | — | `"Support"` |',
        "",
        "</details>",
        "",
        "<details><summary><code>site &quot;Docs&quot;</code> · 3 changes</summary>",
        "",
        '**`-` `site "Docs" › section "hand"`** live only, not in the configuration',
        "",
        '**`~` `site "Docs" › section "guides"`** differs: title, icon',
        "",
        "| Field | Live | Configured |",
        "|---|---|---|",
        '| title | `"User guides"` | `"Guides"` |',
        '| icon | `"book"` | `"book\\|open"` |',
        "",
        '**`↕` `site "Docs" › section "sdk"`** out of order: configured after section `"guides"`',
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
      plan([
        change("delete", "site", 'site "Hand made"', [], { highRisk: true }),
        ...Array.from({ length: 3_000 }, (_, i) =>
          change("create", "redirect", `site "Docs" › redirect "/r${i}"`, [
            { field: "source", to: `/r${i}` },
          ]),
        ),
      ]),
    );
    expect(markdown).toContain(
      '> **Applying the configuration would make 1 high-risk change**, which is hard to undo:\n>\n> - **delete** `site "Hand made"` (live only)\n',
    );
    expect(markdown.length).toBeLessThan(MARKDOWN_LIMIT);
    expect(markdown).toMatch(/Run `docsync drift` locally to see everything\.\n$/);
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
