// How a space and its grants are written by `docsync export`, where the emulator cannot make the
// live state: a role the format does not have, a custom field the export leaves out, a grant to a
// user without an email, and collections the file names by title or by id.

import { describe, expect, it } from "vitest";
import { spacePermissionKind } from "../../src/kinds/access/space-permission.ts";
import type { OrganizationScope } from "../../src/kinds/organization.ts";
import type { LiveAssignment } from "../../src/kinds/shapes/assignment.ts";
import type { LiveSpace } from "../../src/kinds/space/space.ts";
import { spaceKind } from "../../src/kinds/space/space.ts";
import type { AnyKind, ExportContext, ExportedItem, LiveNode } from "../../src/kinds/types.ts";

function context(keys: Record<string, string> = {}) {
  const warnings: string[] = [];
  const named: string[] = [];
  const ctx: ExportContext = {
    space: (id) => {
      named.push(id);
      return id;
    },
    exportedKey: (kind, id) => keys[`${kind} ${id}`],
    children: () => [],
    comment: () => {},
    warn: (message) => warnings.push(message),
  };
  return { ctx, warnings, named };
}

const grant = (item: LiveAssignment): LiveNode<LiveAssignment> => ({ item, children: {} });

/** A space node with its grants, and a context that exports them as the walk would. */
function spaceWith(
  grants: LiveAssignment[],
  item: Partial<LiveSpace> = {},
  keys: Record<string, string> = {},
) {
  const node: LiveNode<LiveSpace> = {
    item: { id: "spc_1", title: "Guide", emoji: "📗", editMode: "live", defaultLevel: "read", ...item },
    children: { [spacePermissionKind.kind]: grants.map(grant) },
    details: { customFields: { tier: "gold", legacy: 3 } },
  };
  const exported = context(keys);
  const spaceScope = { organization: "org_1", address: [], desired: {}, live: node, ids: { space: "spc_1" } };
  exported.ctx.children = (kind: AnyKind): ExportedItem[] =>
    (node.children[kind.kind] ?? []).flatMap((child) => {
      const config = kind.toConfig?.(child, spaceScope, exported.ctx);
      return config ? [{ live: child, config }] : [];
    });
  return { node, ...exported };
}

const organization = {
  organization: "org_1",
  address: [],
  desired: {},
  ids: {},
  live: {
    item: { id: "org_1" },
    children: {
      collection: [
        { item: { id: "col_1", title: "Product" }, children: {} },
        { item: { id: "col_2", title: "API" }, children: {} },
      ],
      "custom field": [
        { item: { id: "cf_1", name: "tier", type: "select" }, children: {} },
        { item: { id: "cf_2", name: "legacy", type: "rating" }, children: {} },
      ],
    },
  },
} as unknown as OrganizationScope;

describe("a space as docsync export writes it", () => {
  it("writes its settings, its collection by exported title, its values and its grants", () => {
    const { node, ctx, warnings, named } = spaceWith(
      [
        { id: "usr_1", type: "user", role: "admin", key: "user:usr_1", email: "ada@acme.example" },
        { id: "usr_2", type: "user", role: "read", key: "user:usr_2" },
        { id: "team_1", type: "team", role: "edit", key: "team:Docs", title: "Docs" },
      ],
      { parent: "col_1" },
      { "collection col_1": "Product", "custom field cf_1": "tier" },
    );
    expect(spaceKind.toConfig!(node, organization, ctx)).toEqual({
      id: "spc_1",
      title: "Guide",
      emoji: "📗",
      editMode: "live",
      defaultLevel: "read",
      collection: "Product",
      customFields: { tier: "gold" },
      permissions: [
        { user: "ada@acme.example", role: "admin" },
        { user: "usr_2", role: "read" },
        { team: "Docs", role: "edit" },
      ],
    });
    expect(named).toEqual(["spc_1"]);
    // A value of a field the export leaves out cannot be named: it stays unmanaged.
    expect(warnings).toEqual([
      'space "Guide" (spc_1): the value of custom field "legacy" is not exported, since the field is not (see the warnings about it); it is left as it is',
    ]);
  });

  it("names a collection by id when the file does not list it by that title, and null at the root", () => {
    const shared = spaceWith([], { parent: "col_2" }, { "collection col_2": "API#col_2" });
    expect(spaceKind.toConfig!(shared.node, organization, shared.ctx)?.collection).toEqual({ id: "col_2" });
    const unlisted = spaceWith([], { parent: "col_9" });
    expect(spaceKind.toConfig!(unlisted.node, organization, unlisted.ctx)?.collection).toEqual({
      id: "col_9",
    });
    const root = spaceWith([]);
    expect(spaceKind.toConfig!(root.node, organization, root.ctx)?.collection).toBeNull();
  });

  it("leaves the whole permissions list out when one grant cannot be written: a shorter list would remove it", () => {
    const { node, ctx, warnings } = spaceWith([
      { id: "usr_1", type: "user", role: "admin", key: "user:usr_1" },
      { id: "usr_2", type: "user", role: "owner", key: "user:usr_2" },
    ]);
    const config = spaceKind.toConfig!(node, organization, ctx);
    expect(config).not.toHaveProperty("permissions");
    expect(warnings).toContain('space "Guide": the role "owner" of user usr_2 is not one the format has');
    expect(warnings).toContain(
      'space "Guide" (spc_1): its permissions are not exported, since 1 of its grants cannot be written (see above); docsync leaves its grants alone until you list them',
    );
  });

  it("leaves out settings the format cannot hold", () => {
    const { node, ctx } = spaceWith([], { title: "", emoji: "", editMode: "frozen", defaultLevel: "owner" });
    expect(spaceKind.toConfig!(node, organization, ctx)).toEqual({
      id: "spc_1",
      collection: null,
      permissions: [],
    });
  });
});
