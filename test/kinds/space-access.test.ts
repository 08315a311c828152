// The lock-out rules on their own: which changes of a space's grants docsync refuses.

import { describe, expect, it } from "vitest";
import { type Caller, lockoutProblems } from "../../src/kinds/access/space-access.ts";
import type { Grant } from "../../src/kinds/shapes/assignment.ts";

const user = (id: string, role: string): Grant => ({ type: "user", id, role });
const team = (id: string, role: string): Grant => ({ type: "team", id, role });
const ada: Caller = { known: true, id: "usr_ada", teams: new Set(["team_ops"]) };
const unknown: Caller = { known: false };

describe("lockoutProblems", () => {
  it("accepts a change that keeps an admin and the caller's admin access", () => {
    const before = [user("usr_ada", "admin"), user("usr_bo", "admin")];
    expect(lockoutProblems(before, [user("usr_ada", "admin"), user("usr_bo", "read")], ada)).toEqual([]);
  });

  it("refuses to remove or lower the caller's own admin grant", () => {
    const before = [user("usr_ada", "admin"), user("usr_bo", "admin")];
    for (const after of [[user("usr_bo", "admin")], [user("usr_ada", "edit"), user("usr_bo", "admin")]]) {
      const problems = lockoutProblems(before, after, ada);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain("admin access of user usr_ada, whose token docsync runs with");
    }
  });

  it("counts the admin grant of a team the caller is in as the caller's access", () => {
    const before = [user("usr_ada", "admin"), team("team_ops", "admin")];
    expect(lockoutProblems(before, [team("team_ops", "admin")], ada)).toEqual([]);
    const problems = lockoutProblems(
      before,
      [user("usr_ada", "read"), team("team_ops", "read"), user("usr_bo", "admin")],
      ada,
    );
    expect(problems).toEqual([expect.stringContaining("admin access of user usr_ada")]);
  });

  it("refuses to leave a space that has an admin grant without one, counting users and teams", () => {
    const before = [team("team_docs", "admin"), user("usr_bo", "edit")];
    const problems = lockoutProblems(before, [team("team_docs", "edit"), user("usr_bo", "edit")], ada);
    expect(problems).toEqual([expect.stringContaining("without an admin (today: team team_docs)")]);
    // A space with no admin grant before is not made worse by a change that adds none.
    expect(lockoutProblems([user("usr_bo", "edit")], [user("usr_bo", "read")], ada)).toEqual([]);
  });

  it("with no caller known, refuses any change that removes or lowers an admin grant", () => {
    const before = [user("usr_bo", "admin"), team("team_docs", "admin"), user("usr_cy", "edit")];
    const lowered = lockoutProblems(before, [user("usr_bo", "read"), team("team_docs", "admin")], unknown);
    expect(lowered).toEqual([expect.stringContaining("lower the admin grant of user usr_bo")]);
    expect(lowered[0]).toContain("GET /user answers 404");
    // Changes to other grants, and new admins, are fine.
    expect(
      lockoutProblems(
        before,
        [...before.slice(0, 2), user("usr_cy", "read"), user("usr_di", "admin")],
        unknown,
      ),
    ).toEqual([]);
  });
});
