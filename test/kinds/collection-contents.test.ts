// Which spaces a configuration keeps inside a collection the plan deletes, directly.

import { describe, expect, it } from "vitest";
import type { DesiredState, SourceLocation } from "../../src/config/types.ts";
import type { DesiredSiteSpace } from "../../src/kinds/site/site-space.ts";
import { spaceKeptInside } from "../../src/kinds/space/collection-contents.ts";
import type { DesiredSpace } from "../../src/kinds/space/space.ts";

const at = (line: number): SourceLocation => ({ file: "docsync.yaml", line, column: 5 });
const docs = { id: "col_docs", title: "Documentation" };
const state = (spaces: Partial<DesiredSpace>[], siteSpaces: Partial<DesiredSiteSpace>[] = []) =>
  ({
    spaceSettings: spaces.map((space, i) => ({ at: at(10 + i), name: `s${i}`, ...space })),
    sites: [{ at: at(2), title: "Docs", siteSpaces: siteSpaces.map((s, i) => ({ at: at(20 + i), ...s })) }],
  }) as unknown as DesiredState;

describe("spaceKeptInside", () => {
  it("names a space the file only names, at its place, unless its settings move it out", () => {
    const named = {
      ...state([]),
      spaces: { guides: "spc_a", other: "spc_b" },
      spacesAt: { guides: at(4) },
    } as DesiredState;
    expect(spaceKeptInside(named, docs, ["spc_a"])?.message).toContain(
      'docsync.yaml:4:5: space "guides" (spc_a) is in collection "Documentation"',
    );
    expect(spaceKeptInside(named, docs, ["spc_c"])).toBeUndefined();
    const moved = {
      ...state([{ spaceId: "spc_a", collection: null }]),
      spaces: { guides: "spc_a" },
    } as DesiredState;
    expect(spaceKeptInside(moved, docs, ["spc_a"])).toBeUndefined();
  });

  it("names a configured space that stays, at its place", () => {
    const error = spaceKeptInside(state([{ spaceId: "spc_a", name: "guides" }]), docs, ["spc_a"]);
    expect(error?.message).toContain('docsync.yaml:10:5: space "guides" is in collection "Documentation"');
  });

  it("lets a space go that moves to another collection or the root, but not one pinned to the same one", () => {
    expect(spaceKeptInside(state([{ spaceId: "spc_a", collection: null }]), docs, ["spc_a"])).toBeUndefined();
    expect(
      spaceKeptInside(state([{ spaceId: "spc_a", collection: { title: "Kept" } }]), docs, ["spc_a"]),
    ).toBeUndefined();
    expect(
      spaceKeptInside(state([{ spaceId: "spc_a", collection: { id: "col_docs" } }]), docs, ["spc_a"]),
    ).toBeDefined();
  });

  it("names a site space that publishes a space inside, unless the space's settings move it out", () => {
    const published = [{ spaceId: "spc_a", spaceName: "guides" }];
    const error = spaceKeptInside(state([], published), docs, ["spc_a"]);
    expect(error?.message).toContain(
      'docsync.yaml:20:5: site space "guides" publishes a space in collection',
    );
    expect(spaceKeptInside(state([{ spaceId: "spc_a", collection: null }], published), docs, ["spc_a"])).toBe(
      undefined,
    );
  });

  it("ignores spaces that are not inside", () => {
    expect(spaceKeptInside(state([{ spaceId: "spc_b" }], [{ spaceId: "spc_c" }]), docs, ["spc_a"])).toBe(
      undefined,
    );
  });
});
