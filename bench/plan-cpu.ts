// Plans 100,000 redirects of one site against 100,000 live ones (a tenth changed, a tenth new,
// a tenth gone) with no I/O, and prints the CPU time and peak memory of doing so, and the size
// of the plan's JSON.

import { readFileSync } from "node:fs";
import type { DesiredState } from "../src/config/types.ts";
import type { LiveRedirect } from "../src/kinds/site/redirect.ts";
import type { LiveSection } from "../src/kinds/site/section.ts";
import type { LiveSite } from "../src/kinds/site/site.ts";
import type { LiveState } from "../src/model/scope.ts";
import { buildPlan } from "../src/plan/build.ts";
import { planJson } from "../src/render/plan-json.ts";

const COUNT = 100_000;
const at = { file: "bench.yaml", line: 1, column: 1 };
// Flat strings, as the API's answers (JSON.parse) and the configuration's reader give them: a
// template literal of this length makes a string of two parts, which each first use as a key
// flattens, a cost no real plan pays.
const source = (n: number): string => JSON.parse(`"/old/page-${n}"`);

const desired: DesiredState = {
  files: ["bench.yaml"],
  organization: "org_bench",
  spaces: { guides: "spc_guides" },
  policy: { prune: ["redirects"] },
  sensitiveValues: [],
  sites: [
    {
      at,
      title: "Docs",
      sections: [
        {
          at,
          path: "a",
          title: "A",
          siteSpaces: [{ at, spaceId: "spc_guides", spaceName: "guides", path: "guides" }],
        },
        {
          at,
          path: "b",
          title: "B",
          siteSpaces: [{ at, spaceId: "spc_guides", spaceName: "guides", path: "guides" }],
        },
      ],
      redirects: Array.from({ length: COUNT }, (_, i) => ({
        at,
        source: source(i + COUNT / 10),
        destination: { kind: "site-section" as const, sectionPath: i % 10 === 0 ? "b" : "a" },
      })),
    },
  ],
};

const section = (id: string, path: string): LiveSection => ({
  id,
  path,
  title: path.toUpperCase(),
  siteSpaces: [{ id: `ss_${id}`, path: "guides", space: { id: "spc_guides" } }],
});
const site: LiveSite = { id: "site_1", title: "Docs", type: "basic", visibility: "public" };
const redirects: LiveRedirect[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `red_${i}`,
  source: source(i),
  destination: { kind: "site-section", siteSectionId: "sec_a" },
}));
const leaf = <T>(item: T) => ({ item, children: {} });
const live: LiveState = {
  item: { id: "org_bench" },
  children: {
    site: [
      {
        item: site,
        children: {
          section: [section("sec_a", "a"), section("sec_b", "b")].map((item) => ({
            item,
            children: { "site space": item.siteSpaces.map(leaf) },
          })),
          redirect: redirects.map(leaf),
        },
      },
    ],
  },
};

/**
 * The main thread's own CPU time in ms, from /proc (Linux; 10 ms steps), or undefined elsewhere:
 * `process.cpuUsage()` also counts the garbage collector's helper threads.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are the 14th and 15th fields of the line, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const before = process.cpuUsage();
const mainBefore = mainThreadCpuMs();
const plan = buildPlan(desired, live);
const mainAfter = mainThreadCpuMs();
const used = process.cpuUsage(before);
const maxRssMb = process.resourceUsage().maxRSS / 1024;
// The plan's JSON as `plan --format json` prints it, and as every level indented would be:
// measured after the memory, which holding the text would add to.
const jsonMb = Buffer.byteLength(planJson(plan)) / 1e6;
const indentedMb = Buffer.byteLength(`${JSON.stringify(plan, null, 2)}\n`) / 1e6;
console.log(
  JSON.stringify({
    redirects: COUNT,
    changes: plan.changes.length,
    cpuMs: (used.user + used.system) / 1000,
    mainThreadCpuMs: mainBefore === undefined || mainAfter === undefined ? undefined : mainAfter - mainBefore,
    maxRssMb,
    jsonMb,
    indentedMb,
  }),
);
