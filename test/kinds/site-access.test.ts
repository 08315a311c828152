// The rule of a site's grants on its own: which changes docsync refuses because they would
// remove or lower the access of the user whose token it runs with.

import { describe, expect, it } from "vitest";
import type { Caller } from "../../src/kinds/access/space-access.ts";
import type { Grant } from "../../src/kinds/shapes/assignment.ts";
import { siteLockoutProblems } from "../../src/kinds/site/site-access.ts";

const user = (id: string, role: string): Grant => ({ type: "user", id, role });
const team = (id: string, role: string): Grant => ({ type: "team", id, role });
const ada: Caller = { known: true, id: "usr_ada", teams: new Set(["team_ops"]) };
const unknown: Caller = { known: false };

describe("siteLockoutProblems", () => {
  it("accepts any change of other users' and teams' grants", () => {
    const before = [user("usr_ada", "edit"), user("usr_bo", "admin"), team("team_docs", "admin")];
    expect(siteLockoutProblems(before, [user("usr_ada", "edit")], ada)).toEqual([]);
  });

  it("refuses to remove the caller's own grant, or to lower it to any lesser role", () => {
    const before = [user("usr_ada", "edit")];
    expect(siteLockoutProblems(before, [], ada)).toEqual([
      expect.stringContaining(
        "it would remove it: user usr_ada, whose token docsync runs with, has role edit",
      ),
    ]);
    for (const role of ["review", "comment", "read"]) {
      expect(siteLockoutProblems(before, [user("usr_ada", role)], ada)).toEqual([
        expect.stringContaining(`it would lower it to ${role}`),
      ]);
    }
    expect(siteLockoutProblems(before, [user("usr_ada", "create")], ada)).toEqual([]);
  });

  it("counts the grants of the caller's teams as its access, the highest of them", () => {
    const before = [user("usr_ada", "read"), team("team_ops", "admin")];
    expect(siteLockoutProblems(before, [user("usr_ada", "admin")], ada)).toEqual([]);
    expect(siteLockoutProblems(before, [user("usr_ada", "read"), team("team_ops", "edit")], ada)).toEqual([
      expect.stringContaining(
        "lower it to edit: user usr_ada, whose token docsync runs with, has role admin",
      ),
    ]);
    // A team the caller is not in is no access of its own.
    expect(siteLockoutProblems(before, [team("team_docs", "admin")], ada)).toHaveLength(1);
  });

  it("without knowing whose token it is, refuses to remove or lower any admin grant", () => {
    const before = [user("usr_bo", "admin"), team("team_docs", "admin"), user("usr_cy", "edit")];
    expect(
      siteLockoutProblems(before, [user("usr_bo", "admin"), team("team_docs", "admin")], unknown),
    ).toEqual([]);
    expect(
      siteLockoutProblems(before, [user("usr_bo", "edit"), team("team_docs", "admin")], unknown),
    ).toEqual([
      expect.stringContaining(
        "lower the admin grant of user usr_bo, and this service does not say whose token",
      ),
    ]);
  });
});
