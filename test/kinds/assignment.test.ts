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
import { type Address, addressText } from "../../src/model/address.ts";
import type { Located } from "../../src/model/desired.ts";
import { runMemo } from "../../src/model/scope.ts";

interface Holder {
  grants?: DesiredAssignment[];
}

const at = { file: "a.yaml", line: 1, column: 1 };
/** The address the kind is given for the item it drafts calls of (it names none of them by it). */
const A: Address = [{ kind: "grant", key: "a" }];
const ctx: PlanContext = {
  idOf: (address) => `id-of ${addressText(address)}`,
  liveIdOf: () => undefined,
  deletes: () => undefined,
  ...runMemo(),
};

function kindWith(
  guard?: (before: readonly Grant[], after: readonly Grant[]) => void,
  options: { keptRole?: string } = {},
) {
  return assignmentKind<
    { parent: Holder; parentRaw: unknown; parentNode: LiveNode; ids: { item: string } },
    Located<never>
  >({
    kind: "grant",
    collection: "grants",
    config: {
      schema: { fragment: "grant" },
      identities: [],
      resolve: () => ({ type: "", name: "", role: "" }) as never,
    },
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
    read: async () => [],
    // Named by id (mem_ann) or by name (ann): two names of one principal.
    principalId: (desired) => (desired.name.startsWith("mem_") ? desired.name : `mem_${desired.name}`),
    principalOf: (live) => [{ address: [{ kind: "member", key: live.id }], id: live.id }],
    ...(options.keptRole ? { keptRole: options.keptRole } : {}),
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
    address: [{ kind: "item", key: "x" }],
    desired: { grants },
    live: { item: { id: "x" }, children: { grant: nodes } },
    ids: { item: "itm_x" },
  };
}

describe("assignment shape", () => {
  it("addresses assignments by name and matches them by the principal's id", () => {
    const kind = kindWith();
    const scope = scopeOf([wanted("ann", "edit")], [live("mem_ann", "read")]);
    expect(kind.key(wanted("ann", "edit"))).toBe("member:ann");
    expect(kind.matchKey?.(scope.desired.grants![0]!, scope, ctx)).toBe("member:mem_ann");
    expect(kind.liveKey(live("mem_ann", "read").item)).toBe("member:mem_ann");
    expect(kind.liveLabel?.(live("mem_ann", "read").item, { spaces: {} })).toBe("member:ann");
  });

  it("refuses one principal named twice, at the second name's position", () => {
    const kind = kindWith();
    const second = { ...wanted("mem_ann", "read"), at: { file: "a.yaml", line: 7, column: 9 } };
    const scope = scopeOf([wanted("ann", "admin"), second], []);
    expect(() => kind.matchKey?.(second, scope, ctx)).toThrow(
      'a.yaml:7:9: member "mem_ann" is the member "ann" names at a.yaml:1:1: give each member one role',
    );
  });

  it("makes calls that take the kept role away wait for the calls that give it", () => {
    const kind = kindWith(undefined, { keptRole: "admin" });
    const scope = scopeOf([wanted("ann", "admin")], [live("mem_bo", "admin"), live("mem_cy", "admin")]);
    const info = { firstInEmptyContainer: false, parentIsNew: false, index: 0 };
    const token = 'admin role in item "x"';
    expect(kind.create(wanted("ann", "admin"), A, scope, ctx, info)[0]?.releases).toEqual([token]);
    expect(kind.create(wanted("di", "edit"), A, scope, ctx, info)[0]?.releases).toBeUndefined();
    expect(kind.remove(live("mem_bo", "admin"), A, scope, ctx)[0]?.claims).toEqual([token]);
    expect(kind.remove(live("mem_bo", "read"), A, scope, ctx)[0]?.claims).toBeUndefined();
    const lowered = kind.update(wanted("cy", "read"), live("mem_cy", "admin"), [], A, scope, ctx)[0];
    expect(lowered?.claims).toEqual([token]);
    expect(lowered?.releases).toBeUndefined();
    const raised = kind.update(wanted("cy", "admin"), live("mem_cy", "read"), [], A, scope, ctx)[0];
    expect(raised?.releases).toEqual([token]);
    expect(raised?.claims).toBeUndefined();
  });

  it("counts live grants the plan leaves alone as kept, unless the plan deletes their principal", () => {
    const seen: (readonly Grant[])[] = [];
    const kind = kindWith((_before, after) => seen.push(after));
    // bo and cy are not pruned (their addresses are kept), dee is; the plan deletes cy.
    const keptIds: Record<string, string> = { 'item "x" › grant "member:bo"': "mem_bo" };
    keptIds['item "x" › grant "member:cy"'] = "mem_cy";
    const keeping: PlanContext = {
      ...ctx,
      liveIdOf: (address) => keptIds[addressText(address)],
      deletes: (address) => (addressText(address) === 'member "mem_cy"' ? "mem_cy" : undefined),
    };
    const nodes = [live("mem_bo", "admin"), live("mem_cy", "admin"), live("mem_dee", "admin")];
    const scope = scopeOf([wanted("ann", "read")], nodes);
    kind.diff(wanted("ann", "read"), undefined, scope, keeping);
    expect(seen).toEqual([
      [
        { type: "member", id: "mem_ann", role: "read" },
        { type: "member", id: "mem_bo", role: "admin" },
      ],
    ]);
  });

  it("invites with one call that captures nothing, changes a role with one, removes with one", () => {
    const kind = kindWith();
    const scope = scopeOf([wanted("ann", "edit")], [live("mem_ann", "read")]);
    const [invite, ...more] = kind.create(wanted("bo", "read"), A, scope, ctx, {
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
    expect(kind.update(wanted("ann", "edit"), node, changes, A, scope, ctx)).toEqual([
      { method: "PATCH", path: "/items/itm_x/grants/mem_ann", body: { role: "edit" }, summary: "change" },
    ]);
    expect(kind.remove(node, A, scope, ctx)).toEqual([
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
    kind.remove(live("mem_bo", "admin"), A, scope, ctx);
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
    expect(() => kind.remove(live("mem_bo", "admin"), A, empty, ctx)).toThrow("no grants left");
  });
});
