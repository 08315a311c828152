// docsync export of spaces: the spaces sites use and those of every collection, each with its
// settings, collection, custom field values and every direct grant, so that the export plans to
// no change, and its permissions list is the truth from then on.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { writeSettingsFixture } from "../emulator/settings-fixture.ts";
import { type Harness, startHarness } from "../support/harness.ts";

// biome-ignore lint/suspicious/noExplicitAny: exported documents are checked by the assertions.
type Json = any;

const NO_CHANGES = "No changes: live state matches the configuration.\n";

describe("docsync export of spaces", () => {
  let h: Harness;
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsync-spaces-"));
    h = await startHarness({ fixture: await writeSettingsFixture(dir) });
  });
  afterEach(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  const send = (method: "POST" | "PATCH" | "DELETE" | "PUT", path: string, body?: unknown) =>
    h.api.send<Json>(body === undefined ? { method, path } : { method, path, body });

  /** Exports, then plans the export: it must show nothing to do and make no call that writes. */
  async function exportAndPlan(): Promise<{ file: string; text: string; doc: Json; stderr: string }> {
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(plan.stderr).toBe("");
    expect(plan.stdout).toBe(NO_CHANGES);
    expect(plan.code).toBe(0);
    expect(h.writes()).toBe(0);
    return { file, text, doc: parse(text), stderr: exported.stderr };
  }

  it("writes the spaces of collections and of sites with their settings and grants; the export plans to no change", async () => {
    const org = `/orgs/${h.org}`;
    // A site that publishes a space at the organization's root, custom field values, and a space
    // whose grants go to a team only.
    await send("POST", `${org}/sites`, { title: "Notes", spaces: ["spc_notes"] });
    await send("POST", `${org}/custom-fields`, { name: "tier", type: "select", options: ["gold", "silver"] });
    await send("POST", `${org}/custom-fields`, { name: "reviewed", type: "boolean" });
    await send("PATCH", "/spaces/spc_ref/custom-fields", {
      values: { tier: { value: "gold" }, reviewed: { value: true } },
    });
    await send("POST", "/spaces/spc_ref/permissions", { role: "admin", teams: ["team_docs"] });
    await send("PATCH", "/spaces/spc_notes", { editMode: "locked", defaultLevel: "comment" });

    const { text, doc, stderr } = await exportAndPlan();
    expect(stderr).toBe("");
    // The site's space first, then the collections' spaces, each collection's in turn.
    expect(Object.keys(doc.spaces)).toEqual(["notes", "guide", "tutorial", "reference"]);
    expect(doc.spaces.notes).toEqual({
      id: "spc_notes",
      title: "Notes",
      emoji: expect.any(String),
      editMode: "locked",
      defaultLevel: "comment",
      collection: null,
      permissions: [],
    });
    expect(doc.spaces.guide).toEqual({
      id: "spc_guide",
      title: "Guide",
      emoji: "📗",
      editMode: "locked",
      defaultLevel: "read",
      collection: "Product",
      permissions: [
        { user: "pam@initech.example", role: "admin" },
        { user: "tom@initech.example", role: "comment" },
        { team: "Support", role: "read" },
        { team: "Docs", role: "edit" },
      ],
    });
    expect(doc.spaces.reference).toMatchObject({
      id: "spc_ref",
      collection: "API",
      customFields: { tier: "gold", reviewed: true },
      permissions: [{ team: "Docs", role: "admin" }],
    });
    expect(doc.spaces.tutorial).toMatchObject({ id: "spc_tutorial", collection: "Product", permissions: [] });
    expect(doc.sites[0].siteSpaces).toEqual([{ space: "notes", path: "notes", default: true }]);
    // Grants on one line each; grants are pruned, so the list is the whole truth.
    expect(text).toContain(
      "    permissions:\n      - { user: pam@initech.example, role: admin }\n      - { user: tom@initech.example, role: comment }\n",
    );
    expect(doc.policy.prune).toContain("permissions");
    expect(doc.policy.prune).not.toContain("spaceSettings");
    // The header's comment, its lines joined.
    expect(text.replace(/\n# /g, " ")).toContain("spaces at the organization's root that no site uses");
  });

  it("leaves out a root space that no site uses, and a space in a collection that is deleted", async () => {
    await send("DELETE", "/spaces/spc_tutorial");
    const { doc } = await exportAndPlan();
    expect(Object.keys(doc.spaces)).toEqual(["guide", "reference"]);
  });

  it("names a collection that the file cannot name by title by its id", async () => {
    // Two collections titled API: the second is not exported, its space names it by id.
    const other = await send("POST", `/orgs/${h.org}/collections`, { title: "API" });
    await send("POST", "/spaces/spc_tutorial/move", { parent: other.id });
    const { doc, stderr } = await exportAndPlan();
    expect(stderr).toContain(`collection "API" (${other.id}) is not exported`);
    expect(doc.spaces.tutorial.collection).toEqual({ id: other.id });
  });

  it("reads each path once: the spaces it finds share the reads of the organization's", async () => {
    // A site's space and a collection's space both have grants, so both passes of the export ask
    // whose token it is (GET /user) and which teams that user is in.
    await send("POST", `/orgs/${h.org}/sites`, { title: "Notes", spaces: ["spc_notes"] });
    await send("POST", "/spaces/spc_notes/permissions", { role: "admin", teams: ["team_docs"] });
    h.emulator.resetLog();
    const exported = await h.run(["export"]);
    expect(exported.code).toBe(0);
    expect(parse(exported.stdout).spaces).toHaveProperty("notes");
    const reads = h.emulator.requests
      .filter((entry) => entry.method === "GET")
      .map((entry) => (entry.query === "" ? entry.path : `${entry.path}?${entry.query}`));
    expect(reads).toContain("/v1/user");
    const twice = reads.filter((read, index) => reads.indexOf(read) !== index);
    expect(twice).toEqual([]);
  });

  it("after the export, a grant or a move made by hand shows in the plan, and applying puts it back", async () => {
    const { file } = await exportAndPlan();
    await send("POST", "/spaces/spc_guide/permissions", { role: "review", users: ["usr_gil"] });
    await send("PATCH", "/spaces/spc_guide/permissions/teams/team_docs", { role: "read" });
    await send("POST", "/spaces/spc_ref/move", { parent: "col_product" });

    const plan = await h.run(["plan", "-c", file]);
    expect(plan.code).toBe(0);
    // The grant made by hand goes first, as deletes do, with what it gave.
    expect(plan.stdout).toContain(
      [
        "Deletes, replacements and high-risk changes (1):",
        '  space "guide"',
        '    - space permission "user:usr_gil": user "gil@partner.example", role "review"',
        "",
        "Other changes (2):",
        '  space "guide"',
        '    ~ space permission "team:Docs": role "read" ⇒ "edit"',
        '  ~ space "reference": collection "col_product" ⇒ "col_api"',
      ].join("\n"),
    );
    const apply = await h.run(["apply", "-c", file, "--yes"]);
    expect(apply.code).toBe(0);
    const again = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(again.stdout).toBe(NO_CHANGES);
    const users = await h.api.list<Json>("/spaces/spc_guide/permissions/users");
    expect(users.map((grant: Json) => grant.user.id).sort()).toEqual(["usr_pam", "usr_tom"]);
    expect((await h.api.get<Json>("/spaces/spc_ref")).parent).toBe("col_api");
  });
});
