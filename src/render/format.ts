// The output formats of a plan. Every format gets the plan already redacted.

import type { Plan } from "../model/plan.ts";
import { renderPlanMarkdown } from "./plan-markdown.ts";
import type { Style } from "./style.ts";
import { renderPlanText } from "./text.ts";

export const FORMATS = ["text", "markdown", "json"] as const;
export type Format = (typeof FORMATS)[number];

export function renderPlan(plan: Plan, format: Format, style: Style): string {
  switch (format) {
    case "text":
      return renderPlanText(plan, style);
    case "markdown":
      return renderPlanMarkdown(plan);
    case "json":
      return `${JSON.stringify(plan, null, 2)}\n`;
  }
}
