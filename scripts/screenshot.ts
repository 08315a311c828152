// The README's picture of a plan (see scripts/plan-report.ts for what it shows and how it is
// made the same every time).
//   npm run screenshot [-- OUT.png]        (default: docs/plan-report.png)

import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { PLAN_REPORT_PNG, planReportHtml, planReportPng } from "./plan-report.ts";

const out = resolve(process.argv[2] ?? PLAN_REPORT_PNG);
await writeFile(out, await planReportPng(await planReportHtml()));
process.stdout.write(`Wrote ${out}\n`);
