// Sets of kinds are values: adding a kind makes a new set, with what it derives (pruning,
// nesting, sensitive fields) taking the kind in; the set it was made from, and the kinds in it,
// stay as they were.

import { describe, expect, it } from "vitest";
import { pluralOf } from "../../src/kinds/kind-set.ts";
import { builtInKinds } from "../../src/kinds/registry.ts";
import { sectionKind } from "../../src/kinds/site/section.ts";
import { siteKind } from "../../src/kinds/site/site.ts";
import type { AnyKind } from "../../src/kinds/types.ts";

/** A kind with only what a set reads of it. */
const kindNamed = (kind: string, collection: string, sensitive?: string[]): AnyKind =>
  ({
    kind,
    collection,
    config: { schema: { fragment: kind }, identities: [], sensitive },
  }) as unknown as AnyKind;

describe("a set of kinds", () => {
  const note = kindNamed("note", "notes");
  const badge = kindNamed("badge", "badges", ["secret"]);

  it("with a top-level kind: prunable organization-wide, not by default", () => {
    const kinds = builtInKinds.with(badge);
    expect(kinds.topLevel.at(-1)).toBe(badge);
    expect(kinds.prunable).toContain("badges");
    expect(kinds.defaultPrune).not.toContain("badges");
    expect(kinds.sensitiveFields).toContainEqual(["badges", "*", "secret"]);
    expect(kinds.added).toEqual([{ kind: badge }]);
  });

  it("with a child kind: pruned by default inside its parent, which is a copy", () => {
    const kinds = builtInKinds.with(note, sectionKind);
    expect(kinds.defaultPrune).toContain("notes");
    expect(kinds.nestedIn.get("notes")).toBe("sites");
    const site = kinds.topLevelOf("sites")!;
    const section = site.children!.find((kind) => kind.kind === "section")!;
    expect(section.children).toContain(note);
    expect(kinds.all).toContain(note);
    expect(section).not.toBe(sectionKind);
  });

  it("leaves the set it was made from, and its kinds, as they were", () => {
    const before = { prune: [...builtInKinds.defaultPrune], all: builtInKinds.all.length };
    const one = builtInKinds.with(note, siteKind);
    const other = builtInKinds.with(badge);
    expect(builtInKinds.defaultPrune).toEqual(before.prune);
    expect(builtInKinds.all).toHaveLength(before.all);
    expect(siteKind.children).not.toContain(note);
    expect(sectionKind.children ?? []).not.toContain(note);
    expect(one.all).not.toContain(badge);
    expect(other.all).not.toContain(note);
    expect(one.with(badge).all).toEqual(expect.arrayContaining([note, badge]));
  });

  it("refuses a kind under a collection that its place has already, or a parent it lacks", () => {
    expect(() => builtInKinds.with(kindNamed("site again", "sites"))).toThrow(/"sites" already/);
    expect(() => builtInKinds.with(kindNamed("redirect again", "redirects"), siteKind)).toThrow(/already/);
    expect(() => builtInKinds.with(note, badge)).toThrow("no badge kind in the set");
  });

  it("names several items by the kind's plural, or its name with an s", () => {
    expect(pluralOf(builtInKinds.topLevelOf("samlProviders")!)).toBe("SAML providers");
    expect(pluralOf(note)).toBe("notes");
  });
});
