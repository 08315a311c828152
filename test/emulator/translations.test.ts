// Translation settings (spec 4.18), and the translation syncs of the service's published
// description, which a fixture switches on.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE } from "../../src/emulator/fixture.ts";
import {
  anIso,
  as,
  type Call,
  type Emulator,
  expectError,
  expectStatus,
  startEmulator,
  withToken,
} from "./http.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
const SETTINGS = "/orgs/org_acme/translations";

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterEach(async () => {
  await emulator.close();
});

describe("translation settings", () => {
  it("creates settings (201)", async () => {
    expect(expectStatus(await ada("POST", SETTINGS, { title: "French" }), 201)).toEqual({
      object: "translation-settings",
      id: "trs_0001",
      title: "French",
      languages: [],
      createdAt: anIso(),
      updatedAt: anIso(),
      permissions: { view: true, edit: true },
      urls: { location: `${emulator.url}/v1/orgs/org_acme/translations/trs_0001` },
    });
  });

  it("lists, reads, renames with PUT and deletes", async () => {
    await ada("POST", SETTINGS, { title: "French" });
    expect(expectStatus(await eddie("GET", SETTINGS), 200).count).toBe(1);
    expect(expectStatus(await eddie("GET", `${SETTINGS}/trs_0001`), 200).permissions).toEqual({
      view: true,
      edit: false,
    });
    expect(expectStatus(await ada("PUT", `${SETTINGS}/trs_0001`, { title: "Français" }), 200).title).toBe(
      "Français",
    );
    const answer = await ada("DELETE", `${SETTINGS}/trs_0001`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expectError(await ada("GET", `${SETTINGS}/trs_0001`), 404, 'translation settings "trs_0001" not found');
  });

  it("answers 400 for a missing or long title and 404 for PUT on unknown settings", async () => {
    expectError(await ada("POST", SETTINGS, {}), 400, "title: required");
    expectError(
      await ada("POST", SETTINGS, { title: "x".repeat(101) }),
      400,
      "title: must be 1 to 100 characters, got 101",
    );
    expectError(
      await ada("PUT", `${SETTINGS}/trs_nope`, { title: "x" }),
      404,
      'translation settings "trs_nope" not found',
    );
  });

  it("answers 403 to a non-admin, 404 to a non-member, 401 without a token", async () => {
    expectError(
      await eddie("POST", SETTINGS, { title: "x" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(
      await ada("GET", "/orgs/org_globex/translations"),
      404,
      'organization "org_globex" not found',
    );
    expect((await withToken(emulator, null)("GET", SETTINGS)).status).toBe(401);
  });
});

describe("translation syncs, the published form (fixture published: [translations])", () => {
  let published: Emulator;
  let admin: Call;
  let editor: Call;
  const SYNCS = "/orgs/org_acme/translations";
  const handbook = { space: "spc_handbook", language: "en" };

  beforeEach(async () => {
    published = await startEmulator({
      strict: true,
      fixture: { ...DEFAULT_FIXTURE, published: ["translations"] },
    });
    admin = as(published, "usr_ada");
    editor = as(published, "usr_eddie");
  });
  afterEach(async () => {
    await published.close();
  });

  it("creates a sync of a space into a language (201), as the published description shows it", async () => {
    const sync = expectStatus(await admin("POST", SYNCS, { source: handbook, language: "fr" }), 201);
    expect(sync).toEqual({
      object: "translation",
      id: "trn_0001",
      status: "pending",
      source: handbook,
      language: "fr",
      instructions: { object: "document", data: {}, nodes: [] },
      stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0 },
      permissions: { view: true, edit: true },
      urls: { location: `${published.url}/v1/orgs/org_acme/translations/trn_0001` },
      createdAt: anIso(),
      updatedAt: anIso(),
    });
    const read = { ...sync, permissions: { view: true, edit: false } };
    expect(expectStatus(await editor("GET", SYNCS), 200).items).toEqual([read]);
    expect(expectStatus(await editor("GET", `${SYNCS}/trn_0001`), 200)).toEqual(read);
  });

  it("takes only instructions on PUT, starts a run, and deletes", async () => {
    const paragraph = { object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [] }] };
    const instructions = { object: "document", data: { schemaVersion: 1 }, nodes: [paragraph] };
    expectError(
      await admin("POST", SYNCS, { source: handbook, language: "de", instructions: { tone: "formal" } }),
      400,
      "instructions.tone: unknown field",
    );
    expectError(
      await admin("POST", SYNCS, {
        source: handbook,
        language: "de",
        instructions: { object: "document", data: {} },
      }),
      400,
      "instructions.nodes: required",
    );
    expectStatus(await admin("POST", SYNCS, { source: handbook, language: "de" }), 201);
    const changed = expectStatus(await admin("PUT", `${SYNCS}/trn_0001`, { instructions }), 200);
    expect(changed.instructions).toEqual(instructions);
    expectError(
      await admin("PUT", `${SYNCS}/trn_0001`, { instructions: { ...instructions, nodes: ["text"] } }),
      400,
      "instructions.nodes[0]: must be a block (an object)",
    );
    expectError(await admin("PUT", `${SYNCS}/trn_0001`, { title: "German" }), 400, "title: unknown field");
    expectError(await admin("PUT", `${SYNCS}/trn_0001`, {}), 400, "instructions: required");
    const ran = expectStatus(await admin("POST", `${SYNCS}/trn_0001/run`), 200);
    expect([ran.status, ran.stats.runs]).toEqual(["completed", 1]);
    expect((await admin("DELETE", `${SYNCS}/trn_0001`)).status).toBe(204);
    expectError(await admin("GET", `${SYNCS}/trn_0001`), 404, 'translation "trn_0001" not found');
  });

  it("refuses the spec's settings, a bad source or language, and a second sync of one space into one language", async () => {
    expectError(await admin("POST", SYNCS, { title: "French" }), 400, "title: unknown field");
    expectError(await admin("POST", SYNCS, { language: "fr" }), 400, "source: required");
    expectError(await admin("POST", SYNCS, { source: handbook }), 400, "language: required");
    expectError(
      await admin("POST", SYNCS, { source: { space: "spc_globex", language: "en" }, language: "fr" }),
      400,
      'source.space: space "spc_globex" not found in organization "org_acme"',
    );
    expectError(
      await admin("POST", SYNCS, { source: handbook, language: "klingon" }),
      400,
      expect.stringMatching(/^language: must be one of en, fr, de, .*, sl$/) as unknown as string,
    );
    expectError(
      await admin("POST", SYNCS, { source: handbook, language: "en" }),
      400,
      'language: must differ from source.language ("en")',
    );
    await admin("POST", SYNCS, { source: handbook, language: "fr" });
    expectError(
      await admin("POST", SYNCS, { source: { ...handbook, language: "de" }, language: "fr" }),
      409,
      'a translation of space "spc_handbook" into "fr" already exists (trn_0001)',
    );
    expectError(
      await editor("POST", SYNCS, { source: handbook, language: "it" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });

  it("runs only in the published form: the spec's settings have no such route", async () => {
    const trs = expectStatus(await ada("POST", SETTINGS, { title: "French" }), 201);
    expectError(
      await ada("POST", `${SETTINGS}/${trs.id}/run`),
      404,
      `no route for POST /v1/orgs/org_acme/translations/${trs.id}/run`,
    );
  });

  it("starts from a fixture's syncs, checked with their line and column", async () => {
    const formal = { object: "document", data: {}, nodes: [{ object: "block", type: "paragraph" }] };
    const from = await startEmulator({
      fixture: {
        ...DEFAULT_FIXTURE,
        published: ["translations"],
        organizations: [
          {
            ...DEFAULT_FIXTURE.organizations[0]!,
            translations: [{ id: "trn_fr", source: handbook, language: "fr", instructions: formal }],
          },
          ...DEFAULT_FIXTURE.organizations.slice(1),
        ],
      },
    });
    try {
      const items = expectStatus(await as(from, "usr_ada")("GET", SYNCS), 200).items;
      expect(items).toMatchObject([{ id: "trn_fr", source: handbook, language: "fr", instructions: formal }]);
    } finally {
      await from.close();
    }
    const dir = await mkdtemp(join(tmpdir(), "docsync-published-"));
    try {
      const file = join(dir, "fixture.yaml");
      const lines = (translation: string, published = "[translations]") =>
        [
          `published: ${published}`,
          "users:",
          "  - { id: usr_ada, displayName: Ada, email: ada@acme.example }",
          "organizations:",
          "  - id: org_acme",
          "    title: Acme",
          "    members: [{ user: usr_ada, role: admin }]",
          "    spaces: [{ id: spc_handbook, title: Handbook }]",
          "    translations:",
          `      - ${translation}`,
          "",
        ].join("\n");
      await writeFile(file, lines("{ title: French }"));
      await expect(startEmulator({ fixture: file })).rejects.toThrow(
        `fixture ${file}:10:18: organizations[0].translations[0].title: unknown key; expected one of source, language, id, instructions`,
      );
      await writeFile(file, lines("{ source: { space: spc_nope, language: en }, language: fr }"));
      await expect(startEmulator({ fixture: file })).rejects.toThrow(
        `organizations[0].translations[0].source.space: no space "spc_nope" in this organization`,
      );
      await writeFile(
        file,
        lines(
          "{ source: { space: spc_handbook, language: en }, language: fr, instructions: { tone: formal } }",
        ),
      );
      await expect(startEmulator({ fixture: file })).rejects.toThrow(
        "organizations[0].translations[0].instructions: must be a document: tone: unknown field",
      );
      await writeFile(file, lines("{ title: French }", "[sites]"));
      await expect(startEmulator({ fixture: file })).rejects.toThrow(
        `fixture ${file}:1:13: published[0]: must be one of translations, adaptive-schema`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
