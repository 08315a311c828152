// A key configured twice stops the plan, whether the items of its kind have slots or not.

import { describe, expect, it } from "vitest";

const at = { file: "docs.yaml", line: 3, column: 5 };

describe("a redirect configured twice", () => {
  it("stops the plan, naming its address, when its source is live and when it is not", async () => {
    const { buildPlan } = await import("../../src/plan/build.ts");
    const plan = (sources: string[]) =>
      buildPlan(
        {
          files: ["docs.yaml"],
          organization: "org_1",
          spaces: {},
          policy: { prune: [] },
          sensitiveValues: [],
          sites: [
            {
              at,
              title: "Docs",
              redirects: sources.map((source) => ({
                at,
                source,
                destination: { kind: "raw" as const, value: { kind: "external", url: "https://x.test" } },
              })),
            },
          ],
        } as never,
        {
          item: { id: "org_1" },
          children: {
            site: [
              {
                item: { id: "site_1", title: "Docs", type: "basic", visibility: "public" },
                children: {
                  redirect: [
                    {
                      item: {
                        id: "red_1",
                        source: "/a",
                        destination: { kind: "external", url: "https://x.test" },
                      },
                      children: {},
                    },
                  ],
                },
              },
            ],
          },
        },
      );
    expect(() => plan(["/a", "/b"])).not.toThrow();
    expect(() => plan(["/a", "/b", "/a"])).toThrow('site "Docs" › redirect "/a" is configured twice');
    expect(() => plan(["/b", "/a", "/b"])).toThrow('site "Docs" › redirect "/b" is configured twice');
  });
});
