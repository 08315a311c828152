// Translations in the form the service keeps them: the spec's translation settings (the
// emulator's default) or the published description's translation syncs (the examples' fixture,
// `published: [translations]`). A configuration of the other form stops before any write; an
// empty list cannot tell, so the first create goes before every other call and its refusal
// stops the apply with nothing else changed.

import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { LiveTranslation } from "../../src/kinds/organization/translation.ts";
import { instructionsDocument } from "../../src/kinds/organization/translation-forms.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
`;
const PUBLISHED = "examples/emulator-fixture.yaml";

const sync = (
  language: string,
  extra = "",
) => `${HEADER}spaces: { handbook: spc_handbook, guides: spc_guides }
translations:
  - source: { space: handbook, language: ${language} }
    language: fr
${extra}`;
const settings = (title: string) => `${HEADER}translations:\n  - title: ${title}\n`;

let h: Harness;
afterEach(() => h.close());

const live = () => h.api.list<LiveTranslation>(`/orgs/${h.org}/translations`);
const writes = () =>
  h.emulator.requests
    .filter((entry) => entry.method !== "GET")
    .map((entry) => `${entry.method} ${entry.path}`);

describe("translation syncs, on a service that keeps them", () => {
  it("creates a sync of a space into a language, then plans to no change", async () => {
    h = await startHarness({ fixture: PUBLISHED });
    const file = await h.config(sync("en", "    instructions: Keep a formal tone.\n"));
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.stdout).toContain(
      '  + translation "handbook → fr"  (made first: the service lists no translations, so this ' +
        "create's answer tells whether it keeps translation syncs, as the configuration writes them)\n" +
        '      source: {"space":"handbook","language":"en"}\n' +
        '      language: "fr"\n' +
        `      instructions: ${JSON.stringify(instructionsDocument("Keep a formal tone."))}\n`,
    );
    await applied(h, file);
    expect(await live()).toMatchObject([
      {
        object: "translation",
        source: { space: "spc_handbook", language: "en" },
        language: "fr",
        instructions: instructionsDocument("Keep a formal tone."),
      },
    ]);
    h.emulator.resetLog();
    const again = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(again.stdout).toBe("No changes: live state matches the configuration.\n");
    expect(again.code).toBe(0);
  });

  it("changes instructions with one PUT, and replaces a sync whose source language changes", async () => {
    h = await startHarness({ fixture: PUBLISHED });
    await applied(h, await h.config(sync("en", "    instructions: Keep a formal tone.\n")));
    const [before] = await live();

    h.emulator.resetLog();
    await applied(h, await h.config(sync("en", "    instructions: Keep a casual tone.\n")));
    expect(writes()).toEqual([`PUT /v1/orgs/${h.org}/translations/${before!.id}`]);
    expect((await live())[0]).toMatchObject({
      id: before!.id,
      instructions: instructionsDocument("Keep a casual tone."),
    });

    const other = await h.config(sync("de"));
    const plan = await h.run(["plan", "-c", other]);
    expect(plan.stdout).toContain(
      '  -/+ translation "handbook → fr"  (must be replaced: source.language cannot change in place)  HIGH RISK\n' +
        '      source.language: "en" ⇒ "de"\n',
    );
    h.emulator.resetLog();
    await applied(h, other);
    expect(writes()).toEqual([
      `DELETE /v1/orgs/${h.org}/translations/${before!.id}`,
      `POST /v1/orgs/${h.org}/translations`,
    ]);
    expect(await live()).toMatchObject([
      { source: { space: "spc_handbook", language: "de" }, language: "fr" },
    ]);
  });

  it("exports syncs with their source space by name, and the export plans to no change", async () => {
    h = await startHarness({ fixture: PUBLISHED });
    await applied(h, await h.config(sync("en", "    instructions: Keep a formal tone.\n")));
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.stderr).toBe("");
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain(
      "translations:\n  - source: { space: handbook, language: en }\n    language: fr\n    instructions: Keep a formal tone.\n",
    );
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(plan.stdout).toBe("No changes: live state matches the configuration.\n");
    expect(plan.code).toBe(0);
  });

  it("stops before any write when the configuration gives settings, naming the key and the service's form", async () => {
    h = await startHarness({ fixture: PUBLISHED });
    await applied(h, await h.config(sync("en")));
    const file = await h.config(`${settings("French")}teams: [{ title: Writers }]\n`);
    h.emulator.resetLog();
    for (const args of [["plan"], ["apply", "--yes"], ["drift"]]) {
      const result = await h.run([...args, "-c", file]);
      expect(result.stderr).toBe(
        `Error: translations: this service keeps translation syncs (object "translation": a source space and ` +
          "its language, a target language, instructions), but the configuration gives translation settings " +
          `(a title), at ${file}:4:5. Write each entry as { source: { space, language }, language } (see ` +
          "docs/configuration.md#translations); nothing was changed.\n",
      );
      expect(result.code).toBe(1);
    }
    expect(writes()).toEqual([]);
  });

  it("on an empty list, sends the first create before anything else, and stops on its refusal", async () => {
    h = await startHarness({ fixture: PUBLISHED });
    const file = await h.config(`${settings("French")}teams: [{ title: Writers }, { title: Support }]\n`);
    const apply = await h.run(["apply", "-c", file, "--yes"]);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toBe(
      `Error: Apply failed: translation "French": create translation settings: POST /orgs/${h.org}/translations ` +
        "failed: 400 Bad Request: title: unknown field. The service listed no translations, so docsync sent this " +
        "first one as translation settings, the configuration's form, before any other call. If the service keeps " +
        "translation syncs (a source space and its language, a target language, instructions) instead, write each " +
        "entry as { source: { space, language }, language } (see docs/configuration.md#translations).\n",
    );
    expect(apply.stdout).toContain("Apply failed: 0 of 3 changes made in 1 call; 1 failed, 2 skipped.");
    // Only the refused create was sent.
    expect(writes()).toEqual([`POST /v1/orgs/${h.org}/translations`]);
    expect(await h.api.list(`/orgs/${h.org}/teams`)).toEqual([]);
  });

  it("on an empty list, the first create goes first and the rest follow once it is made", async () => {
    h = await startHarness({ fixture: PUBLISHED });
    await applied(h, await h.config(`${sync("en")}teams: [{ title: Writers }, { title: Support }]\n`));
    expect(writes()[0]).toBe(`POST /v1/orgs/${h.org}/translations`);
    expect(writes()).toHaveLength(3);
  });
});

describe("translation settings, on a service that keeps them", () => {
  it("renames settings and plans to no change; syncs stop before any write", async () => {
    h = await startHarness();
    await applied(h, await h.config(settings("French")));
    await applied(h, await h.config(`${HEADER}translations:\n  - { title: Français, was: French }\n`));
    expect(await live()).toMatchObject([{ object: "translation-settings", title: "Français" }]);

    const file = await h.config(sync("en"));
    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.stderr).toBe(
      'Error: translations: this service keeps translation settings (object "translation-settings": a title), ' +
        "but the configuration gives translation syncs (a source space and its language, a target language, " +
        `instructions), at ${file}:5:5. Write each entry as { title } (see docs/configuration.md#translations); ` +
        "nothing was changed.\n",
    );
    expect(plan.code).toBe(1);
    expect(writes()).toEqual([]);
  });

  it("on an empty list, a sync's refused create says what the other form is", async () => {
    h = await startHarness();
    const apply = await h.run(["apply", "-c", await h.config(sync("en")), "--yes"]);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(
      "failed: 400 Bad Request: source: unknown field. The service listed no translations, so docsync sent this " +
        "first one as translation syncs, the configuration's form, before any other call. If the service keeps " +
        "translation settings (a title) instead, write each entry as { title }",
    );
  });
});

describe("the configuration of translations", () => {
  it("is one form, names spaces under spaces:, and translates a space into a language once", async () => {
    h = await startHarness();
    const file = await h.config(`${HEADER}spaces: { handbook: spc_handbook }
translations:
  - source: { space: handbook, language: en }
    language: fr
  - title: German
  - source: { space: manual, language: en }
    language: de
  - source: { space: handbook, language: de }
    language: fr
`);
    const result = await h.run(["validate", "-c", file]);
    expect(result.stderr.split("\n")).toEqual([
      `Error: ${file}:7:5: translations[1]: is translation settings (a title), but the translation at line 5 is translation syncs (a source space and its language, a target language, instructions): a service keeps its translations in one form, so write every entry in it`,
      `${file}:8:22: translations[2].source.space: unknown space "manual"; known spaces: handbook`,
      `${file}:11:15: translations[3].language: duplicate translation of space "handbook" into "fr" (first at line 6)`,
      "3 errors in 1 file.",
      "",
    ]);
    expect(result.code).toBe(1);
  });

  it("takes the languages of the published description, and a text or a document for instructions", async () => {
    h = await startHarness();
    const file = await h.config(`${HEADER}spaces: { handbook: spc_handbook }
translations:
  - source: { space: handbook, language: english }
    language: klingon
    instructions: { tone: formal }
`);
    const result = await h.run(["validate", "-c", file]);
    const codes =
      "must be one of: en, fr, de, es, it, pt, pt-br, ru, ja, zh, zh-tw, yue, ko, ar, hi, nl, pl, tr, sv, no, da, fi, el, cs, hu, ro, th, vi, id, ms, he, uk, sk, bg, hr, lt, lv, et, sl";
    expect(result.stderr.split("\n")).toEqual([
      `Error: ${file}:5:42: translations[0].source.language: ${codes}`,
      `${file}:6:15: translations[0].language: ${codes}`,
      `${file}:7:19: translations[0].instructions: missing required key "object"`,
      `${file}:7:19: translations[0].instructions: missing required key "data"`,
      `${file}:7:19: translations[0].instructions: missing required key "nodes"`,
      "5 errors in 1 file.",
      "",
    ]);
  });
});
