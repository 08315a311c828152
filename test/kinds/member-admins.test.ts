// The admin rules on their own: which plans are refused, and how the refusal names the member.

import { describe, expect, it } from "vitest";
import { type AdminFacts, adminRefusals, type Outcome } from "../../src/kinds/access/member-admins.ts";

const ada: AdminFacts = { id: "usr_ada", name: "ada@acme.example", role: "admin", disabled: false };
const bob: AdminFacts = { id: "usr_bob", name: "bob@acme.example", role: "admin", disabled: false };
const eve: AdminFacts = { id: "usr_eve", name: "eve@acme.example", role: "edit", disabled: false };
const at = (id: string) => (id === "usr_ada" ? "docsync.yaml:5:5" : undefined);
const outcomes = (entries: [string, Outcome][]) => new Map(entries);

describe("admin refusals", () => {
  it("allows lowering another admin while the caller stays admin", () => {
    const plan = outcomes([
      ["usr_bob", { role: "read" }],
      ["usr_eve", "removed"],
    ]);
    expect(adminRefusals([ada, bob, eve], plan, { id: "usr_ada" }, at)).toEqual([]);
  });

  it("refuses lowering or removing the caller's own admin role, at its configuration", () => {
    for (const outcome of [{ role: "edit" }, { role: null }, "removed"] as Outcome[]) {
      const [refusal, ...rest] = adminRefusals(
        [ada, bob],
        outcomes([["usr_ada", outcome]]),
        { id: "usr_ada" },
        at,
      );
      expect(rest).toEqual([]);
      expect(refusal).toMatchObject({ member: "ada@acme.example", at: "docsync.yaml:5:5" });
      expect(refusal!.message).toContain("is the user the API token runs as");
    }
  });

  it("refuses lowering any admin when the caller is unknown, saying why", () => {
    const [refusal] = adminRefusals(
      [ada, bob],
      outcomes([["usr_bob", { role: "read" }]]),
      { unknown: "GET /v1/user answered 404" },
      at,
    );
    expect(refusal).toEqual({
      member: "bob@acme.example",
      message: expect.stringContaining(
        "cannot tell whether it is the user the API token runs as (GET /v1/user answered 404)",
      ),
    });
  });

  it("lets an unknown caller change roles that are not admin", () => {
    const plan = outcomes([["usr_eve", { role: "admin" }]]);
    expect(adminRefusals([ada, eve], plan, { unknown: "no answer" }, at)).toEqual([]);
  });

  it("refuses a plan that leaves no active admin; a disabled admin does not count", () => {
    const disabled: AdminFacts = { ...bob, disabled: true };
    const refusals = adminRefusals(
      [ada, disabled, eve],
      outcomes([["usr_ada", { role: "read" }]]),
      { id: "usr_eve" },
      at,
    );
    expect(refusals).toEqual([
      {
        member: "ada@acme.example",
        at: "docsync.yaml:5:5",
        message: expect.stringContaining("without an active admin"),
      },
    ]);
  });
});
