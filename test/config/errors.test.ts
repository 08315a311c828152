// Every kind of configuration error, with its exact message: file, line, column, key path.

import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/diagnostics.ts";
import { DocsyncError } from "../../src/errors.ts";
import { load, loadErrors, yaml } from "./helpers.ts";

const head = ["version: 1", "organization: org_1"];

describe("YAML syntax", () => {
  it("reports an unclosed bracket once, at the bracket", async () => {
    const message = await loadErrors({ "a.yaml": yaml(...head, "teams: [", "  - title: x") });
    expect(message).toBe(
      'a.yaml:3:8: teams: this "[" starts a list that is never closed: end it with "]", or quote the value if "[" is part of the text\n1 error in 1 file.',
    );
  });

  it("reports a mis-indented line before an unclosed bracket once, at the line, with no errors of the broken reading", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "sites:",
        "  - title: Docs",
        "    basename: docs",
        "  - title: Guides",
        "   basename: [docs basename",
        "    sections:",
        "      - path: guides",
        "        title: Guides",
      ),
    });
    expect(message).toBe(
      'a.yaml:7:4: this line is indented 3 spaces, like no line it may belong to: indent it like the "-" (2 spaces) or the "title" (4 spaces) of line 6\n1 error in 1 file.',
    );
  });

  it("says where a line indented too far should be", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(...head, "teams:", "  - title: Writers", "     members: [usr_1]"),
    });
    expect(message).toBe(
      "a.yaml:5:6: this line is indented 5 spaces, like no line it may belong to: indent it as line 4 (4 spaces)\n1 error in 1 file.",
    );
  });

  it('tells to quote a plain value that holds ": "', async () => {
    const message = await loadErrors({
      "a.yaml": yaml(...head, "teams:", "  - title: Release: notes # why"),
    });
    expect(message).toBe(
      'a.yaml:4:12: a plain value cannot hold ": " (YAML reads it as a key): quote the value, as in title: "Release: notes"\n1 error in 1 file.',
    );
  });

  it("reports an unclosed quote at the quote, a colon without a space and a tab at their places", async () => {
    const quote = await loadErrors({
      "a.yaml": yaml(...head, "teams:", '  - title: "Writers', "  - title: B"),
    });
    expect(quote).toBe(
      'a.yaml:4:12: teams[0].title: this quote (") is never closed: end the text with "\n1 error in 1 file.',
    );
    const colon = await loadErrors({
      "a.yaml": yaml(...head, "teams:", "  - title:Writers", "    members: []"),
    });
    expect(colon).toBe(
      "a.yaml:4:5: a key needs a space after its colon: write title: Writers\n1 error in 1 file.",
    );
    const tab = await loadErrors({ "a.yaml": yaml(...head, "teams:", "\t- title: A") });
    expect(tab).toBe(
      "a.yaml:4:1: a tab indents this line: YAML indents with spaces only\n1 error in 1 file.",
    );
  });

  it("reports a duplicate key at the second one, naming the first", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(...head, "teams:", "  - title: One", "    members: []", "    title: Two"),
    });
    expect(message).toBe('a.yaml:6:5: teams[0]: duplicate key "title" (first at line 4)\n1 error in 1 file.');
  });

  it("reports an alias to an unknown anchor", async () => {
    const message = await loadErrors({ "a.yaml": yaml(...head, "teams: [{ title: *nope }]") });
    expect(message).toBe('a.yaml:3:18: teams[0].title: unknown anchor "*nope"\n1 error in 1 file.');
  });

  it("refuses a second YAML document in one file", async () => {
    const message = await loadErrors({ "a.yaml": yaml(...head, "---", "version: 1") });
    expect(message).toBe(
      "a.yaml:3:1: a configuration file holds one YAML document; move the one after '---' into a file of its own\n1 error in 1 file.",
    );
  });

  it("refuses an empty file", async () => {
    const message = await loadErrors({ "a.yaml": "# nothing yet\n" });
    expect(message).toBe(
      "a.yaml:1:1: the file is empty; a configuration file is a mapping starting with version: 1\n1 error in 1 file.",
    );
  });
});

describe("schema errors", () => {
  it("reports an unknown key at the key, with a likely correction", async () => {
    const message = await loadErrors({ "a.yaml": yaml(...head, "sites:", "  - titel: Docs") });
    expect(message).toBe(
      'a.yaml:4:5: sites[0].titel: unknown key "titel" (did you mean "title"?)\n1 error in 1 file.',
    );
  });

  it("reports a missing required key at its mapping", async () => {
    const message = await loadErrors({ "a.yaml": yaml("organization: org_1", "teams: []") });
    expect(message).toBe('a.yaml:1:1: missing required key "version"\n1 error in 1 file.');
  });

  it("names the allowed values of an enum", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(...head, "sites:", "  - title: Docs", "    visibility: secret"),
    });
    expect(message).toBe(
      "a.yaml:5:17: sites[0].visibility: must be one of: public, unlisted, share-link, visitor-auth\n1 error in 1 file.",
    );
  });

  it("rejects an unknown custom field type", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(...head, "customFields:", "  - { name: owner, type: person }"),
    });
    expect(message).toBe(
      "a.yaml:4:26: customFields[0].type: must be one of: text, number, boolean, date, select, multi-select\n1 error in 1 file.",
    );
  });

  it("reports lengths, patterns, types and bounds", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "customFields:",
        "  - { name: Owner, type: text, options: [] }",
        "teams:",
        "  - title: 42",
        "sites:",
        "  - title: D",
        "    redirects:",
        "      - { source: /old/, to: { section: a } }",
        "policy:",
        "  maxDestroy: -1",
        "  prune: [sites, sites]",
      ),
    });
    expect(message).toBe(
      [
        "a.yaml:4:13: customFields[0].name: must hold only lowercase letters, digits, '_' and '-'",
        "a.yaml:4:41: customFields[0].options: must have at least 1 item",
        "a.yaml:6:12: teams[0].title: must be a string (got a number)",
        "a.yaml:8:12: sites[0].title: must be at least 2 characters long (got 1)",
        "a.yaml:10:19: sites[0].redirects[0].source: must be an absolute path such as /old/page: '/' then non-empty segments of letters, digits, '.', '_', '~', '-' or %XX, no trailing '/'",
        "a.yaml:12:15: policy.maxDestroy: must be 0 or more",
        "a.yaml:13:18: policy.prune[1]: repeats item 0 of the list",
        "7 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("counts characters as the schema does: a pair of surrogates is one, a lone one is one", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "teams:",
        `  - title: ${"😀".repeat(70)}`,
        `  - title: "${"\\ud83d".repeat(40)}${"😀".repeat(30)}"`,
        `  - title: ${"x".repeat(1_000_000)}`,
      ),
    });
    expect(message).toBe(
      [
        "a.yaml:4:12: teams[0].title: must be at most 64 characters long (got 70)",
        "a.yaml:5:12: teams[1].title: must be at most 64 characters long (got 70)",
        "a.yaml:6:12: teams[2].title: must be at most 64 characters long (got 1000000)",
        "3 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("guesses the key a typo meant, two letters swapped counting as one edit", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "policy:",
        "  maxDetsroy: 1",
        "  purne: [sites]",
        "  prunes: [sites]",
        "  x: 1",
      ),
    });
    expect(message).toBe(
      [
        'a.yaml:4:3: policy.maxDetsroy: unknown key "maxDetsroy" (did you mean "maxDestroy"?)',
        'a.yaml:5:3: policy.purne: unknown key "purne" (did you mean "prune"?)',
        'a.yaml:6:3: policy.prunes: unknown key "prunes" (did you mean "prune"?)',
        'a.yaml:7:3: policy.x: unknown key "x"',
        "4 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("gives one message for a redirect with both or neither of to and destination", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "sites:",
        "  - title: Docs",
        "    redirects:",
        "      - source: /a",
        "      - source: /b",
        "        to: { section: x }",
        "        destination: { kind: external, url: 'https://example.com' }",
      ),
    });
    expect(message).toBe(
      [
        'a.yaml:6:9: sites[0].redirects[0]: must have exactly one of "to" or "destination" (has neither)',
        'a.yaml:7:9: sites[0].redirects[1]: must have exactly one of "to" or "destination" (has both)',
        "2 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("checks known destination kinds and passes unknown kinds through", async () => {
    const files = (destination: string) => ({
      "a.yaml": yaml(
        ...head,
        "sites:",
        "  - title: Docs",
        "    redirects:",
        `      - { source: /a, destination: ${destination} }`,
      ),
    });
    expect(await loadErrors(files("{ kind: external, href: 'https://example.com' }"))).toBe(
      [
        'a.yaml:6:36: sites[0].redirects[0].destination: missing required key "url"',
        'a.yaml:6:54: sites[0].redirects[0].destination.href: unknown key "href"',
        "2 errors in 1 file.",
      ].join("\n"),
    );
    const state = await load(files("{ kind: site-anchor, anchor: top }"));
    expect(state.sites?.[0]?.redirects?.[0]?.destination).toEqual({
      kind: "raw",
      value: { kind: "site-anchor", anchor: "top" },
    });
  });

  it("reports the error of the form a defaultTeam was meant to have", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "teams: []",
        "samlProviders:",
        "  - { label: A, defaultTeam: { id: 7 } }",
        "  - { label: B, defaultTeam: [x] }",
      ),
    });
    expect(message).toBe(
      [
        "a.yaml:5:36: samlProviders[0].defaultTeam.id: must be a string (got a number)",
        "a.yaml:6:30: samlProviders[1].defaultTeam: must be a team title or { id: <team id> }",
        "2 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("refuses sections and root siteSpaces in one site", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(...head, "sites:", "  - title: Docs", "    sections: []", "    siteSpaces: []"),
    });
    expect(message).toBe(
      'a.yaml:6:5: sites[0].siteSpaces: cannot be given together with "sections"\n1 error in 1 file.',
    );
  });

  it("requires at least one site space in a section, and checks group items as groups", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "sites:",
        "  - title: Docs",
        "    sections:",
        "      - { path: a, title: Aa, siteSpaces: [] }",
        "      - { group: G, icon: code, sections: [{ path: b, title: Bb }] }",
      ),
    });
    expect(message).toBe(
      [
        "a.yaml:6:43: sites[0].sections[0].siteSpaces: must have at least 1 item",
        'a.yaml:7:44: sites[0].sections[1].sections[0]: missing required key "siteSpaces"',
        "2 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("reports an empty organization and a bad space name at the key", async () => {
    const message = await loadErrors({
      "a.yaml": yaml("version: 1", 'organization: ""', "spaces:", "  my space: spc_1"),
    });
    expect(message).toBe(
      [
        "a.yaml:2:15: organization: must not be empty",
        `a.yaml:4:3: spaces["my space"]: name "my space" must start with a letter or digit and hold only letters, digits, '.', '_' and '-'`,
        "2 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("reports a non-URL ssoURL and an unknown role", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "samlProviders:",
        "  - label: Okta",
        "    ssoURL: okta.example.com",
        "    defaultRole: owner",
      ),
    });
    expect(message).toBe(
      [
        "a.yaml:5:13: samlProviders[0].ssoURL: must be an absolute URL such as https://example.com/path",
        "a.yaml:6:18: samlProviders[0].defaultRole: must be one of: admin, create, review, edit, comment, read, null",
        "2 errors in 1 file.",
      ].join("\n"),
    );
  });
});

describe("semantic errors", () => {
  it("reports duplicate identities of every kind", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "spaces: { hb: spc_1 }",
        "teams: [{ title: W }, { title: W }]",
        "customFields: [{ name: f, type: text }, { name: f, type: date }]",
        "samlProviders: [{ label: S }, { label: S }]",
        "sites:",
        "  - title: Docs",
        "    sections:",
        "      - { path: a, title: Aa, siteSpaces: [{ space: hb, path: x }, { space: hb, path: x }] }",
        "      - { group: G, sections: [{ path: a, title: Ab, siteSpaces: [{ space: hb, path: x }] }] }",
        "      - { group: G, sections: [] }",
        "    redirects: [{ source: /r, to: { section: a } }, { source: /r, to: { section: a } }]",
        "  - { title: Docs, id: site_1 }",
        "  - { title: Other, id: site_1 }",
      ),
    });
    expect(message).toBe(
      [
        'a.yaml:4:32: teams[1].title: duplicate team title "W" (first at column 18)',
        'a.yaml:5:49: customFields[1].name: duplicate custom field name "f" (first at column 24)',
        'a.yaml:6:40: samlProviders[1].label: duplicate SAML provider label "S" (first at column 26)',
        'a.yaml:10:77: sites[0].sections[0].siteSpaces[1].space: duplicate site space for space "hb" (first at column 53)',
        'a.yaml:10:87: sites[0].sections[0].siteSpaces[1].path: duplicate site space path "x" (first at column 63)',
        'a.yaml:11:40: sites[0].sections[1].sections[0].path: duplicate section path "a" (first at line 10)',
        'a.yaml:12:18: sites[0].sections[2].group: duplicate group title "G" (first at line 11)',
        'a.yaml:13:63: sites[0].redirects[1].source: duplicate redirect source "/r" (first at column 27)',
        'a.yaml:14:14: sites[1].title: duplicate site title "Docs" (first at line 8)',
        'a.yaml:15:25: sites[2].id: duplicate site id "site_1" (first at line 14)',
        "10 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("refuses a rename hint that names a listed key, or one claimed twice", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "teams:",
        "  - { title: Writers }",
        "  - { title: Authors, was: Writers }",
        "  - { title: Editors, was: Old }",
        "  - { title: Reviewers, was: Old }",
      ),
    });
    expect(message).toBe(
      [
        'a.yaml:5:28: teams[1].was: was "Writers" is the title of the team at line 4; a rename hint names a title that is no longer listed',
        'a.yaml:7:30: teams[3].was: was "Old" is already claimed at line 6',
        "2 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("reports unknown spaces, teams and sections", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "spaces: { hb: spc_1, api: spc_2 }",
        "teams: [{ title: Writers }]",
        "samlProviders: [{ label: S, defaultTeam: Writerz }]",
        "sites:",
        "  - title: Docs",
        "    sections:",
        "      - { path: a, title: Aa, siteSpaces: [{ space: hbb, path: x }] }",
        "    redirects: [{ source: /r, to: { section: b } }]",
        "  - title: Flat",
        "    siteSpaces: [{ space: hb, path: x }]",
        "    redirects: [{ source: /r, to: { section: a } }]",
      ),
    });
    expect(message).toBe(
      [
        'a.yaml:5:42: samlProviders[0].defaultTeam: unknown team "Writerz": name a title listed under teams:, or pin a live team with { id: <team id> }',
        'a.yaml:9:53: sites[0].sections[0].siteSpaces[0].space: unknown space "hbb"; known spaces: hb, api',
        'a.yaml:10:46: sites[0].redirects[0].to.section: no section with path "b" in site "Docs"',
        'a.yaml:13:46: sites[1].redirects[0].to.section: site "Flat" lists no sections, so "a" cannot be found; use destination: { kind: site-section, siteSectionId: ... }',
        "4 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("refuses more than one default in a list", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "spaces: { hb: spc_1, hc: spc_2 }",
        "sites:",
        "  - title: Docs",
        "    sections:",
        "      - { path: a, title: Aa, default: true, siteSpaces: [{ space: hb, path: x, default: true }, { space: hc, path: y, default: true }] }",
        "      - { group: G, sections: [{ path: b, title: Bb, default: true, siteSpaces: [{ space: hb, path: x }] }] }",
        "  - title: Flat",
        "    siteSpaces: [{ space: hb, path: x, default: true }, { space: hc, path: y, default: true }]",
      ),
    });
    expect(message).toBe(
      [
        "a.yaml:7:129: sites[0].sections[0].siteSpaces[1].default: more than one default site space in this section (first at line 7)",
        'a.yaml:8:63: sites[0].sections[1].sections[0].default: more than one default section in site "Docs" (first at line 7)',
        "a.yaml:10:88: sites[1].siteSpaces[1].default: more than one default site space in this site (first at line 10)",
        "3 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("requires an organization in some file", async () => {
    const message = await loadErrors({ "a.yaml": yaml("version: 1", "teams: []") });
    expect(message).toBe(
      'a.yaml:1:1: missing "organization": give the organization id in one of the files\n1 error in 1 file.',
    );
  });
});

describe("the error itself", () => {
  it("is a DocsyncError with code config.invalid, exit code 1 and structured diagnostics", async () => {
    const error = await load({ "a.yaml": yaml(...head, "teams: [{ title: W, size: 3 }]") }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toBeInstanceOf(DocsyncError);
    const configError = error as ConfigError;
    expect(configError.code).toBe("config.invalid");
    expect(configError.exitCode).toBe(1);
    expect(configError.diagnostics).toEqual([
      { file: "a.yaml", line: 3, column: 21, path: "teams[0].size", message: 'unknown key "size"' },
    ]);
  });

  it("reports a path that does not exist and a folder without YAML files", async () => {
    const message = await loadErrors({ "empty/readme.md": "hi", "a.yaml": yaml(...head) }, [
      "missing.yaml",
      "empty",
    ]);
    expect(message).toBe(
      [
        "missing.yaml:1:1: no such file or folder",
        "empty:1:1: no *.yaml or *.yml file in this folder",
        "2 errors in 2 files.",
      ].join("\n"),
    );
  });
});
