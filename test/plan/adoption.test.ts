// A section an interrupted apply created but did not configure is adopted (renamed to its
// configured path) only when it is still what the create made: the path the API derived from
// its title, the configured title, the configured first space, and no space the configured
// section does not list. One example per rule.

import { describe, expect, it } from "vitest";
import type { LiveSiteSpace } from "../../src/kinds/site/site-space.ts";
import type { Plan } from "../../src/model/plan.ts";
import { buildPlan } from "../../src/plan/build.ts";
import {
  desired,
  live,
  liveSection,
  liveSite,
  liveSiteSpace,
  type SpaceName,
  section,
  site,
} from "./builders.ts";

const lines = (plan: Plan) => plan.changes.map((change) => `${change.action} ${change.address}`);

/** The plan of one section "start" (title "Getting started", `spaces`) against one live half-made section. */
function planAgainst(
  spaces: SpaceName[],
  half: { path: string; title: string; siteSpaces: LiveSiteSpace[] },
  title = "Getting started",
): Plan {
  return buildPlan(
    desired({ sites: [site("Docs", { sections: [section("start", title, spaces)], sectionGroups: [] })] }),
    live({
      site: [
        liveSite("site_1", "Docs", {
          sections: [liveSection("sec_h", half.path, half.title, half.siteSpaces)],
        }),
      ],
    }),
  );
}

const guides = liveSiteSpace("ss_g", "guides", "guides", true);
const sdk = liveSiteSpace("ss_s", "sdk", "sdk");
const ADOPTED = ['update site "Docs" › section "start"'];
const NOT_ADOPTED = [
  'create site "Docs" › section "start"',
  'delete site "Docs" › section "getting-started"',
];

describe("adopting a half-made section", () => {
  it("adopts a section at its derived path holding the configured first space", () => {
    const plan = planAgainst(["guides", "sdk"], {
      path: "getting-started",
      title: "Getting started",
      siteSpaces: [guides],
    });
    expect(lines(plan)).toEqual([...ADOPTED, 'create site "Docs" › section "start" › site space "sdk"']);
  });

  it("adopts at a derived path the API numbered, the first being taken", () => {
    const plan = planAgainst(["guides"], {
      path: "getting-started-2",
      title: "Getting started",
      siteSpaces: [guides],
    });
    expect(lines(plan)).toEqual(ADOPTED);
  });

  it("adopts at the temporary path an exchange of paths moved it to", () => {
    const plan = planAgainst(["guides"], {
      path: "docsync-swap-new-3d60dbd1",
      title: "Getting started",
      siteSpaces: [guides],
    });
    expect(lines(plan)).toEqual(ADOPTED);
  });

  it("adopts for the first of two new sections it fits alike, and creates the other", () => {
    const plan = buildPlan(
      desired({
        sites: [
          site("Docs", {
            sections: [
              section("start", "Getting started", ["guides"]),
              section("begin", "Getting started", ["guides"]),
            ],
            sectionGroups: [],
          }),
        ],
      }),
      live({
        site: [
          liveSite("site_1", "Docs", {
            sections: [liveSection("sec_h", "getting-started", "Getting started", [guides])],
          }),
        ],
      }),
    );
    expect(lines(plan)).toEqual(expect.arrayContaining([...ADOPTED, 'create site "Docs" › section "begin"']));
    expect(lines(plan).filter((line) => line.startsWith("delete"))).toEqual([]);
  });

  it("does not adopt a section that holds the configured space and another", () => {
    const plan = planAgainst(["guides"], {
      path: "getting-started",
      title: "Getting started",
      siteSpaces: [guides, sdk],
    });
    expect(lines(plan)).toEqual(expect.arrayContaining(NOT_ADOPTED));
    expect(lines(plan)).not.toContain(ADOPTED[0]);
  });

  it("does not adopt a section whose first configured space it lacks", () => {
    const plan = planAgainst(["guides", "sdk"], {
      path: "getting-started",
      title: "Getting started",
      siteSpaces: [sdk],
    });
    expect(lines(plan)).toEqual(expect.arrayContaining(NOT_ADOPTED));
  });

  it("does not adopt a section of another title", () => {
    const plan = planAgainst(
      ["guides"],
      { path: "getting-started", title: "Getting started", siteSpaces: [guides] },
      "Start here",
    );
    expect(lines(plan)).toEqual(expect.arrayContaining(NOT_ADOPTED));
  });

  it("does not adopt a section whose path is no longer the derived one", () => {
    const plan = planAgainst(["guides"], { path: "intro", title: "Getting started", siteSpaces: [guides] });
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        'create site "Docs" › section "start"',
        'delete site "Docs" › section "intro"',
      ]),
    );
  });
});

describe("a half-made section at the path another configured section has", () => {
  /** The plan of `sections` against one live section at "alpha" titled "Alpha", holding guides. */
  const planOf = (sections: ReturnType<typeof section>[]) =>
    lines(
      buildPlan(
        desired({ sites: [site("Docs", { sections, sectionGroups: [] })] }),
        live({
          site: [
            liveSite("site_1", "Docs", { sections: [liveSection("sec_h", "alpha", "Alpha", [guides])] }),
          ],
        }),
      ),
    );

  it("is adopted for the section it was made for, and the one configured at that path is made", () => {
    const plan = planOf([section("alpha", "Charlie", ["sdk"]), section("echo", "Alpha", ["guides"])]);
    expect(plan).toEqual(
      expect.arrayContaining(['create site "Docs" › section "alpha"', 'update site "Docs" › section "echo"']),
    );
    expect(plan.filter((line) => line.startsWith("delete"))).toEqual([]);
  });

  it("stays with the section configured at that path when that one fits it too", () => {
    const plan = planOf([section("alpha", "Alpha", ["guides"]), section("echo", "Alpha", ["guides"])]);
    expect(plan).toEqual([
      'create site "Docs" › section "echo"',
      'create site "Docs" › section "echo" › site space "guides"',
    ]);
  });

  it("is adopted for the first of two new sections that fit it alike", () => {
    const plan = planOf([
      section("alpha", "Charlie", ["sdk"]),
      section("echo", "Alpha", ["guides"]),
      section("foxtrot", "Alpha", ["guides"]),
    ]);
    expect(plan).toEqual(
      expect.arrayContaining([
        'create site "Docs" › section "alpha"',
        'update site "Docs" › section "echo"',
        'create site "Docs" › section "foxtrot"',
      ]),
    );
    expect(plan.filter((line) => line.startsWith("delete"))).toEqual([]);
  });
});
