// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// How js-yaml's reading of a file meets interpolation and merge keys, and the places of what it
// refuses: plainness travels with the value (an alias, a merge), a key is never interpolated, and
// what the yaml package reads without error is reported at the construct, in the configuration's words.

import { describe, expect, it } from "vitest";
import { load, loadErrors, yaml } from "./helpers.ts";

const head = ["version: 1", "organization: org_1"];

describe("a plain ${VAR}", () => {
  it("is re-read wherever an alias repeats it, as where it is written", async () => {
    const state = await load(
      {
        "a.yaml": yaml(
          ...head,
          "sites:",
          "  - title: One",
          "    adaptiveContent:",
          "      enabled: &flag ${FLAG}",
          "  - title: Two",
          "    adaptiveContent:",
          "      enabled: *flag",
          "  - title: Three",
          "    adaptiveContent: { <<: { enabled: *flag } }",
        ),
      },
      undefined,
      { FLAG: "true" },
    );
    expect(state.sites?.map((site) => site.adaptiveContent)).toEqual([
      { enabled: true },
      { enabled: true },
      { enabled: true },
    ]);
  });

  it("is its text as a key: keys are never interpolated", async () => {
    const message = await loadErrors(
      { "a.yaml": yaml(...head, "teams:", "  - title: A", "    ${X}: 1") },
      undefined,
      { X: "members" },
    );
    expect(message).toBe('a.yaml:5:5: teams[0]["${X}"]: unknown key "${X}"\n1 error in 1 file.');
  });
});

describe("merge keys", () => {
  it('merge when written plain; a quoted "<<" is an ordinary key', async () => {
    const state = await load({ "a.yaml": yaml(...head, "policy:", "  <<: { maxDestroy: 3 }") });
    expect(state.policy.maxDestroy).toBe(3);
    const message = await loadErrors({ "a.yaml": yaml(...head, "policy:", '  "<<": { maxDestroy: 4 }') });
    expect(message).toBe('a.yaml:4:3: policy["<<"]: unknown key "<<"\n1 error in 1 file.');
  });

  it("name a mapping or a list of mappings, else are refused at what they name", async () => {
    const message = await loadErrors({ "a.yaml": yaml(...head, "policy:", "  <<: 3") });
    expect(message).toBe(
      'a.yaml:4:7: policy["<<"]: a merge key (<<) names a mapping, or a list of mappings\n1 error in 1 file.',
    );
  });

  it("that copy more keys than ten a character of the file are refused", async () => {
    const keys = Array.from({ length: 2000 }, (_, n) => `k${n}: 1`).join(", ");
    const merges = Array.from({ length: 300 }, (_, n) => `  m${n}: { <<: *many }`);
    const message = await loadErrors({
      "a.yaml": yaml(...head, `anchors: &many { ${keys} }`, "more:", ...merges),
    });
    expect(message).toMatch(
      /^a\.yaml:\d+:\d+: more\.m\d+(\["<<"\])?: merge keys \(<<\) copy too much: write the repeated parts out, or merge less\n1 error in 1 file\.$/,
    );
  });
});

describe("an empty list item", () => {
  it("just before an item of an outer list is refused at its place", async () => {
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        "teams:",
        "  - title: A",
        "    members:",
        "      - usr_a",
        "      -",
        "  - title: B",
      ),
    });
    expect(message.split("\n")).toContain("a.yaml:7:8: teams[0].members[1]: must be a string (got null)");
  });
});

describe("a file", () => {
  it("of comments and a document marker is empty", async () => {
    const message = await loadErrors({ "a.yaml": "# nothing yet\n---\n# still nothing\n" });
    expect(message).toBe(
      "a.yaml:1:1: the file is empty; a configuration file is a mapping starting with version: 1\n1 error in 1 file.",
    );
  });

  it("that is one null, or one ${VAR}, is not a mapping", async () => {
    for (const text of ["~\n", "${X}\n"]) {
      const message = await loadErrors({ "a.yaml": text }, undefined, { X: "x" });
      expect(message).toMatch(
        /^a\.yaml:1:1: must be a mapping \(got (null|a string)\)\n1 error in 1 file\.$/,
      );
    }
  });
});
