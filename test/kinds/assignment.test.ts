// The assignment shape on its own: (principal, role) pairs matched by principal, invited,
// changed and removed one principal at a time, and the container's guard asked once.

import { describe, expect, it } from "vitest";
import {
  assignmentKind,
  type DesiredAssignment,
  type Grant,
  type LiveAssignment,
} from "../../src/kinds/shapes/assignment.ts";
import type { LiveNode, PlanContext, Scope } from "../../src/kinds/types.ts";

interface Holder {
  grants?: DesiredAssignment[];
}

const at = { file: "a.yaml", line: 1, column: 1 };
const ctx: PlanContext = {
  idOf: (address) => `id-of ${address}`,
  liveIdOf: () => undefined,
  needs: () => undefined,
};

function kindWith(guard?: (before: readonly Grant[], after: readonly Grant[]) => void) {
  return assignmentKind<Holder, { item: string }, never>({
    kind: "grant",
    collection: "grants",
    config: { identities: [], resolve: () => ({ type: "", name: "", role: "" }) as never },
    principals: {
      member: {
        invite: (scope, id, role) => ({
          method: "POST",
          path: `/items/${scope.ids.item}/grants`,
          body: { role, members: [id] },
          summary: "invite",
        }),
        change: (scope, id, role) => ({
          method: "PATCH",
          path: `/items/${scope.ids.item}/grants/${id}`,
          body: { role },
          summary: "change",
        }),
        remove: (scope, id) => ({
          method: "DELETE",
          path: `/items/${scope.ids.item}/grants/${id}`,
          summary: "remove",
        }),
      },
    },
    desired: (scope) => scope.desired.grants,
    read: async () => [],
    principalId: (desired) => `mem_${desired.name}`,
    ...(guard ? { guard: (before, after) => guard(before, after) } : {}),
  });
}

const wanted = (name: string, role: string): DesiredAssignment => ({ at, type: "member", name, role });
const live = (id: string, role: string): LiveNode<LiveAssignment> => ({
  item: { id, type: "member", role, key: `member:${id.replace("mem_", "")}` },
  children: {},
});

function scopeOf(
  grants: DesiredAssignment[],
  nodes: LiveNode<LiveAssignment>[],
): Scope<Holder, { item: string }> {
  return {
    organization: "org",
    address: 'item "x"',
    desired: { grants },
    live: { item: { id: "x" }, children: { grant: nodes } },
    ids: { item: "itm_x" },
  };
}

describe("assignment shape", () => {
  it("keys configured and live assignments by principal", () => {
    const kind = kindWith();
    expect(kind.key(wanted("ann", "edit"))).toBe("member:ann");
    expect(kind.liveKey(live("mem_ann", "read").item)).toBe("member:ann");
  });

  it("invites with one call that captures nothing, changes a role with one, removes with one", () => {
    const kind = kindWith();
    const scope = scopeOf([wanted("ann", "edit")], [live("mem_ann", "read")]);
    const [invite, ...more] = kind.create(wanted("bo", "read"), "a", scope, ctx, {
      firstInEmptyContainer: false,
      parentIsNew: false,
      index: 0,
    });
    expect(more).toEqual([]);
    expect(invite).toEqual({
      method: "POST",
      path: "/items/itm_x/grants",
      body: { role: "read", members: ["mem_bo"] },
      summary: "invite",
    });
    expect(invite?.captures).toBeUndefined();
    const node = live("mem_ann", "read");
    const changes = kind.diff(wanted("ann", "edit"), node, scope, ctx);
    expect(changes).toEqual([{ field: "role", from: "read", to: "edit" }]);
    expect(kind.update(wanted("ann", "edit"), node, changes, "a", scope, ctx)).toEqual([
      { method: "PATCH", path: "/items/itm_x/grants/mem_ann", body: { role: "edit" }, summary: "change" },
    ]);
    expect(kind.remove(node, "a", scope, ctx)).toEqual([
      { method: "DELETE", path: "/items/itm_x/grants/mem_ann", summary: "remove" },
    ]);
  });

  it("finds nothing to change when the role holds", () => {
    const kind = kindWith();
    const scope = scopeOf([wanted("ann", "edit")], [live("mem_ann", "edit")]);
    expect(kind.diff(wanted("ann", "edit"), live("mem_ann", "edit"), scope, ctx)).toEqual([]);
  });

  it("asks the guard once per container, with the grants before and after, and stops on its error", () => {
    const seen: [readonly Grant[], readonly Grant[]][] = [];
    const kind = kindWith((before, after) => {
      seen.push([before, after]);
      if (after.length === 0) throw new Error("no grants left");
    });
    const scope = scopeOf([wanted("ann", "admin")], [live("mem_ann", "read"), live("mem_bo", "admin")]);
    kind.diff(wanted("ann", "admin"), live("mem_ann", "read"), scope, ctx);
    kind.remove(live("mem_bo", "admin"), "a", scope, ctx);
    expect(seen).toEqual([
      [
        [
          { type: "member", id: "mem_ann", role: "read" },
          { type: "member", id: "mem_bo", role: "admin" },
        ],
        [{ type: "member", id: "mem_ann", role: "admin" }],
      ],
    ]);
    const empty = scopeOf([], [live("mem_bo", "admin")]);
    expect(() => kind.remove(live("mem_bo", "admin"), "a", empty, ctx)).toThrow("no grants left");
  });
});
