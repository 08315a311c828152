// What each call of a plan waits for, where the API's side effects make the order matter: a
// site's first section taking over the root site spaces, a section's site space replaced, a
// default moving, items exchanging unique values, a delete after the calls that stop referring
// to it. Each case names the calls as apply does and checks the dependencies themselves: apply
// may take the ready calls in any order, so an order that happens to work is not enough.

import { describe, expect, it } from "vitest";
import { buildPlan } from "../../src/plan/build.ts";
import { callNames, waitsFor } from "../support/plan-edges.ts";
import {
  at,
  desired,
  docsPlan,
  live,
  liveSection,
  liveSiteSpace,
  node,
  section,
  siteSpace,
} from "./builders.ts";

const DOCS = 'site "Docs"';
const sectionAt = (path: string) => `${DOCS} › section "${path}"`;
const siteSpaceAt = (sectionPath: string, space: string) =>
  `${sectionAt(sectionPath)} › site space "${space}"`;

describe("a site's first section takes over its root site spaces", () => {
  // Root site spaces guides (the default) and sdk; the configuration gives the site two sections:
  // the first takes both over, keeps guides (at another path), drops sdk, and adds api first.
  const plan = docsPlan(
    {
      sections: [section("guides", "Guides", ["api", "guides"]), section("more", "More", ["sdk"])],
      sectionGroups: [],
    },
    {
      root: [node(liveSiteSpace("ss_g", "guides", "start", true)), node(liveSiteSpace("ss_s", "sdk", "kit"))],
    },
  );
  const createFirst = `${sectionAt("guides")}: create section`;

  it("changes, removes and moves the taken-over site spaces only once their section exists", () => {
    for (const name of [
      `${siteSpaceAt("guides", "guides")}: update site space`,
      // sdk leaves section guides for section more: one change of both calls, named by where it goes.
      `${siteSpaceAt("more", "sdk")}: remove site space`,
      `${siteSpaceAt("guides", "api")}: move site space`,
      `${siteSpaceAt("guides", "api")}: configure site space`,
    ])
      expect(waitsFor(plan, name), name).toContain(createFirst);
  });

  it("creates the other sections after the first, which alone takes the root site spaces", () => {
    expect(waitsFor(plan, `${sectionAt("more")}: create section`)).toEqual([createFirst]);
    // The other section's own site space is not one of those taken over.
    expect(waitsFor(plan, `${siteSpaceAt("more", "sdk")}: configure site space`)).toEqual([
      createFirst,
      `${sectionAt("more")}: create section`,
    ]);
  });
});

describe("a section's site spaces replaced", () => {
  it("removes the section's only site space once its replacement is added", () => {
    const plan = docsPlan(
      { sections: [section("guides", "Guides", ["api"])], sectionGroups: [] },
      {
        sections: [
          liveSection("sec_1", "guides", "Guides", [liveSiteSpace("ss_g", "guides", "guides", true)]),
        ],
      },
    );
    expect(callNames(plan)).toEqual([
      `${siteSpaceAt("guides", "api")}: add site space`,
      `${siteSpaceAt("guides", "api")}: configure site space`,
      `${siteSpaceAt("guides", "guides")}: remove site space`,
    ]);
    expect(waitsFor(plan, `${siteSpaceAt("guides", "guides")}: remove site space`)).toEqual([
      `${siteSpaceAt("guides", "api")}: add site space`,
    ]);
  });

  it("removes each old site space once every new one of the section is added", () => {
    const plan = docsPlan(
      { sections: [section("guides", "Guides", ["api", "sdk"])], sectionGroups: [] },
      {
        sections: [
          liveSection("sec_1", "guides", "Guides", [liveSiteSpace("ss_g", "guides", "guides", true)]),
        ],
      },
    );
    // The second add waits for the first one's path, which the API derived, to be configured.
    expect(waitsFor(plan, `${siteSpaceAt("guides", "guides")}: remove site space`)).toEqual([
      `${siteSpaceAt("guides", "api")}: add site space`,
      `${siteSpaceAt("guides", "api")}: configure site space`,
      `${siteSpaceAt("guides", "sdk")}: add site space`,
    ]);
  });
});

describe("a default moving", () => {
  it("removes a section's old default site space once the new default is added", () => {
    const plan = docsPlan(
      {
        sections: [
          {
            ...section("b", "B", []),
            siteSpaces: [siteSpace("api", "api"), siteSpace("sdk", "sdk", { default: true })],
          },
        ],
        sectionGroups: [],
      },
      {
        sections: [
          liveSection("sec_b", "b", "B", [
            liveSiteSpace("ss_1", "guides", "guides", true),
            liveSiteSpace("ss_2", "api", "api"),
          ]),
        ],
      },
    );
    const add = `${siteSpaceAt("b", "sdk")}: add site space`;
    expect(waitsFor(plan, `${siteSpaceAt("b", "sdk")}: make default site space`)).toEqual([add]);
    expect(waitsFor(plan, `${siteSpaceAt("b", "guides")}: remove site space`)).toEqual([add]);
  });

  it("removes a site's old default root site space once the new default is added", () => {
    const plan = docsPlan(
      { siteSpaces: [siteSpace("api", "api"), siteSpace("sdk", "sdk", { default: true })] },
      {
        root: [
          node(liveSiteSpace("ss_1", "guides", "guides", true)),
          node(liveSiteSpace("ss_2", "api", "api")),
        ],
      },
    );
    const add = `${DOCS} › site space "sdk": add site space`;
    expect(waitsFor(plan, `${DOCS} › site space "sdk": make default site space`)).toEqual([add]);
    expect(waitsFor(plan, `${DOCS} › site space "guides": remove site space`)).toEqual([add]);
  });

  it("makes a new section the default once it exists", () => {
    const plan = docsPlan(
      {
        sections: [section("b", "B", ["api"]), section("c", "C", ["sdk"], { default: true })],
        sectionGroups: [],
      },
      {
        sections: [
          liveSection("sec_a", "a", "A", [liveSiteSpace("ss_1", "guides", "guides", true)], {
            default: true,
          }),
          liveSection("sec_b", "b", "B", [liveSiteSpace("ss_2", "api", "api", true)]),
        ],
      },
    );
    expect(waitsFor(plan, `${sectionAt("c")}: make default section`)).toEqual([
      `${sectionAt("c")}: create section`,
    ]);
  });
});

describe("items exchanging unique values", () => {
  // Two pinned sections swap paths, and two pinned redirects swap sources.
  const plan = docsPlan(
    {
      sections: [
        section("beta", "Alpha", ["guides"], { id: "sec_a" }),
        section("alpha", "Beta", ["api"], { id: "sec_b" }),
      ],
      sectionGroups: [],
      redirects: [
        { at, source: "/two", id: "red_1", destination: { kind: "site-section", sectionPath: "beta" } },
        { at, source: "/one", id: "red_2", destination: { kind: "site-section", sectionPath: "alpha" } },
      ],
    },
    {
      sections: [
        liveSection("sec_a", "alpha", "Alpha", [liveSiteSpace("ss_1", "guides", "guides", true)]),
        liveSection("sec_b", "beta", "Beta", [liveSiteSpace("ss_2", "api", "api", true)]),
      ],
      redirects: [
        node({
          id: "red_1",
          source: "/one",
          destination: { kind: "site-section", siteSectionId: "sec_a" },
        }),
        node({
          id: "red_2",
          source: "/two",
          destination: { kind: "site-section", siteSectionId: "sec_b" },
        }),
      ],
    },
  );

  it("moves one of two sections to a temporary path, gives the other its path, then the first its own", () => {
    const temporary = `${sectionAt("beta")}: move section to a temporary path`;
    const bodies = Object.fromEntries(callNames(plan).map((name, at) => [name, plan.calls[at]!.body]));
    expect(bodies).toMatchObject({
      [temporary]: { path: "docsync-swap-sec_a" },
      [`${sectionAt("alpha")}: update section`]: { path: "alpha" },
      [`${sectionAt("beta")}: update section`]: { path: "beta" },
    });
    expect(waitsFor(plan, `${sectionAt("alpha")}: update section`)).toEqual([temporary]);
    expect(waitsFor(plan, `${sectionAt("beta")}: update section`)).toEqual([
      `${sectionAt("alpha")}: update section`,
      temporary,
    ]);
  });

  it("does the same with two redirects' sources", () => {
    const temporary = `${DOCS} › redirect "/two": move redirect to a temporary source`;
    expect(waitsFor(plan, `${DOCS} › redirect "/one": update redirect`)).toEqual([temporary]);
    expect(waitsFor(plan, `${DOCS} › redirect "/two": update redirect`)).toEqual([
      `${DOCS} › redirect "/one": update redirect`,
      temporary,
    ]);
  });
});

describe("site spaces added to a container where others change paths", () => {
  // The API gives an added site space a path derived from its space's title, which the plan does
  // not know, until it is configured: it could be the path another site space is about to take.
  const plan = docsPlan(
    {
      sections: [
        section("main", "Main", [], {
          siteSpaces: [siteSpace("sdk", "kit"), siteSpace("guides", "api"), siteSpace("api", "guides")],
        }),
      ],
      sectionGroups: [],
    },
    { sections: [liveSection("sec_1", "main", "Main", [liveSiteSpace("ss_1", "sdk", "start", true)])] },
  );
  const add = (space: string) => `${siteSpaceAt("main", space)}: add site space`;
  const configure = (space: string) => `${siteSpaceAt("main", space)}: configure site space`;
  const rename = `${siteSpaceAt("main", "sdk")}: update site space`;

  it("adds each after the container's renames and the configure of the one before it", () => {
    expect(waitsFor(plan, add("guides"))).toEqual([rename]);
    expect(waitsFor(plan, add("api"))).toEqual([add("guides"), configure("guides"), rename].sort());
  });
});

describe("a delete after what refers to the item, and what takes its place", () => {
  it("deletes a section once its redirect points elsewhere, and renames another to its path after", () => {
    const plan = docsPlan(
      {
        sections: [section("api", "API", ["api"], { was: "reference" })],
        sectionGroups: [],
        redirects: [{ at, source: "/r", destination: { kind: "site-section", sectionPath: "api" } }],
      },
      {
        sections: [
          liveSection("sec_ref", "reference", "API", [liveSiteSpace("ss_1", "api", "api", true)]),
          liveSection("sec_old", "api", "Old", [liveSiteSpace("ss_2", "guides", "guides", true)]),
        ],
        redirects: [
          node({
            id: "red_1",
            source: "/r",
            destination: { kind: "site-section", siteSectionId: "sec_old" },
          }),
        ],
      },
    );
    const repoint = `${DOCS} › redirect "/r": update redirect`;
    const remove = `${sectionAt("api#sec_old")}: delete section`;
    expect(waitsFor(plan, remove)).toEqual([repoint]);
    expect(waitsFor(plan, `${sectionAt("api")}: update section`)).toEqual([repoint, remove]);
    expect(waitsFor(plan, repoint)).toEqual([]);
  });

  it("creates a redirect to a new section once the section exists", () => {
    const plan = docsPlan({
      sections: [section("guides", "Guides", ["guides"]), section("api", "API", ["api"])],
      sectionGroups: [],
      redirects: [{ at, source: "/old", destination: { kind: "site-section", sectionPath: "api" } }],
    });
    expect(waitsFor(plan, `${DOCS} › redirect "/old": create redirect`)).toContain(
      `${sectionAt("api")}: create section`,
    );
  });
});

describe("a replacement whose new item takes the identity of the old one", () => {
  it("creates a translation sync of another source language once the sync it replaces is deleted", () => {
    // The service keeps one sync per source space and target language.
    const plan = buildPlan(
      desired({
        translations: [
          { at, form: "sync", space: "guides", spaceId: "spc_guides", sourceLanguage: "de", language: "fr" },
        ],
      }),
      live({
        translation: [
          node({
            id: "trn_1",
            object: "translation",
            source: { space: "spc_guides", language: "en" },
            language: "fr",
          }),
        ],
      }),
    );
    const address = 'translation "guides → fr"';
    expect(callNames(plan)).toEqual([`${address}: delete translation`, `${address}: create translation`]);
    expect(waitsFor(plan, `${address}: create translation`)).toEqual([`${address}: delete translation`]);
  });
});
