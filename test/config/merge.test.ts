import { describe, expect, it } from "vitest";
import { load, loadErrors, yaml } from "./helpers.ts";

describe("several files", () => {
  it("reads a folder's *.yaml and *.yml files by name, not recursively, and concatenates lists", async () => {
    const state = await load(
      {
        "conf/b-sites.yml": yaml("version: 1", "teams: [{ title: Second }]", "sites: [{ title: Site one }]"),
        "conf/a-main.yaml": yaml(
          "version: 1",
          "organization: org_1",
          "spaces: { hb: spc_1 }",
          "teams: [{ title: First }]",
        ),
        "conf/c-more.yaml": yaml("version: 1", "organization: org_1", "spaces: { hb: spc_1, api: spc_2 }"),
        "conf/nested/ignored.yaml": "not: [valid",
        "conf/notes.json": "{}",
      },
      ["conf"],
    );
    expect(state.files).toEqual(["conf/a-main.yaml", "conf/b-sites.yml", "conf/c-more.yaml"]);
    expect(state.spaces).toEqual({ hb: "spc_1", api: "spc_2" });
    expect(state.teams?.map((t) => [t.title, t.at])).toEqual([
      ["First", { file: "conf/a-main.yaml", line: 4, column: 9 }],
      ["Second", { file: "conf/b-sites.yml", line: 2, column: 9 }],
    ]);
    expect(state.sites?.map((s) => s.at)).toEqual([{ file: "conf/b-sites.yml", line: 3, column: 9 }]);
    expect(state.customFields).toBeUndefined();
  });

  it("keeps the order of the paths given, and reads a file named twice once", async () => {
    const state = await load(
      {
        "z.yaml": yaml("version: 1", "organization: org_1", "teams: [{ title: Z }]"),
        "dir/a.yaml": yaml("version: 1", "teams: [{ title: A }]"),
      },
      ["z.yaml", "./dir", "dir/a.yaml"],
    );
    expect(state.files).toEqual(["z.yaml", "dir/a.yaml"]);
    expect(state.teams?.map((t) => t.title)).toEqual(["Z", "A"]);
  });

  it("counts an empty list in one file as managing the kind", async () => {
    const state = await load({
      "a.yaml": yaml("version: 1", "organization: org_1", "samlProviders: []"),
      "b.yaml": yaml("version: 1"),
    });
    expect(state.samlProviders).toEqual([]);
    expect(state.teams).toBeUndefined();
  });

  it("takes the policy from the one file that has it", async () => {
    const state = await load({
      "a.yaml": yaml("version: 1", "organization: org_1"),
      "b.yaml": yaml("version: 1", "policy: { prune: [teams], maxDestroy: 0 }"),
    });
    expect(state.policy).toEqual({ prune: ["teams"], maxDestroy: 0 });
  });

  it("reports disagreements between files at the later file", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        "version: 1",
        "organization: org_1",
        "spaces: { hb: spc_1 }",
        "teams: [{ title: W }]",
        "policy: { maxDestroy: 1 }",
      ),
      "b.yaml": yaml(
        "version: 1",
        "organization: org_2",
        "spaces: { hb: spc_9 }",
        "teams: [{ title: W }]",
        "policy: { maxDestroy: 2 }",
      ),
    });
    expect(message).toBe(
      [
        'b.yaml:2:15: organization: differs from "org_1" given at a.yaml:2:15',
        'b.yaml:3:15: spaces.hb: differs from "spc_1" given at a.yaml:3:15',
        'b.yaml:4:18: teams[0].title: duplicate team title "W" (first at a.yaml:4:18)',
        "b.yaml:5:1: policy: is already given at a.yaml:5:9; give policy in one file only",
        "4 errors in 1 file.",
      ].join("\n"),
    );
  });

  it("reports every error of every file at once, sorted by file, line and column", async () => {
    const message = await loadErrors({
      "a.yaml": yaml("version: 1", "organization: org_1", "spaces: { hb: spc_1 }", "teams: [", "sites: []"),
      "b.yaml": yaml(
        "version: 1",
        "teams:",
        "  - { title: W, color: red }",
        "sites:",
        "  - title: Docs",
        "    siteSpaces: [{ space: hb, path: x }]",
        "    redirects:",
        "      - { source: /r, to: { section: a } }",
      ),
      "c.yaml": yaml("version: 1", "sites:", "  - title: Docs", "  - title: Docs"),
    });
    // The reference to space "hb" (defined in the broken a.yaml) is not reported: a.yaml is
    // left out of the checks across files until it parses.
    expect(message).toBe(
      [
        'a.yaml:4:8: teams: this "[" starts a list that is never closed: end it with "]", or quote the value if "[" is part of the text',
        'b.yaml:3:17: teams[0].color: unknown key "color"',
        'c.yaml:4:12: sites[1].title: duplicate site title "Docs" (first at line 3)',
        "3 errors in 3 files.",
      ].join("\n"),
    );
  });

  it("orders the report by the paths as given, then line and column", async () => {
    const message = await loadErrors(
      {
        "a.yaml": yaml("version: 1", "organization: org_1", "teams: [{ title: A, x: 1 }]"),
        "b.yaml": yaml("version: 2", "organization: org_1"),
      },
      ["b.yaml", "missing.yaml", "a.yaml"],
    );
    expect(message).toBe(
      [
        "b.yaml:1:10: version: must be 1 (the only format version)",
        "missing.yaml:1:1: no such file or folder",
        'a.yaml:3:21: teams[0].x: unknown key "x"',
        "3 errors in 3 files.",
      ].join("\n"),
    );
  });
});
