// Direct tests of how the items of a recorded list are told apart.

import { describe, expect, it } from "vitest";
import { itemKeys } from "../../src/live/fingerprints.ts";

describe("itemKeys", () => {
  it("keys items by their own id, with their title as the label", () => {
    expect(itemKeys([{ id: "site_1", title: "Docs" }, { id: 7 }])).toEqual([
      { key: "site_1", label: "Docs" },
      { key: "7", label: "" },
    ]);
  });

  it("keys grants and memberships, which have no id, by the objects they name", () => {
    const grants = [
      { permission: "admin", user: { id: "usr_ada", email: "ada@acme.example" } },
      { permission: "read", team: { id: "team_writers", title: "Writers" } },
      { team: { id: "team_reviewers", title: "Reviewers" }, member: { role: "member" } },
    ];
    expect(itemKeys(grants)).toEqual([
      { key: "user:usr_ada", label: "ada@acme.example" },
      { key: "team:team_writers", label: "Writers" },
      { key: "team:team_reviewers", label: "Reviewers" },
    ]);
  });

  it("never lets one item hide another: positions without identity, a suffix for a repeated one", () => {
    const keys = itemKeys([
      { role: "read" },
      { role: "edit" },
      { user: { id: "u" } },
      { user: { id: "u" } },
      3,
    ]);
    expect(keys.map((entry) => entry.key)).toEqual(["#0", "#1", "user:u", "user:u#2", "#4"]);
  });
});
