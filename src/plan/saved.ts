// A plan saved to a file (`docsync plan --out`), to be applied later exactly as it was shown.
// It carries the fingerprints of the live items it was made from, and no secret: sensitive
// values in call bodies are replaced by a digest that the configuration must supply again.

import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { RecordedRead } from "../live/fingerprints.ts";
import { redactPlan } from "../render/redact.ts";
import type { Call, Plan } from "./types.ts";

export interface SavedPlan extends Plan {
  savedAt: string;
  /** What the plan was made from, to refuse it once any of it changed. */
  reads: RecordedRead[];
  /** The configuration's `policy.maxDestroy`, checked again when the plan is applied. */
  maxDestroy?: number;
}

const MARKER = "$sensitive";
const digest = (value: string) => `sha256:${createHash("sha256").update(value).digest("hex")}`;

type Sealed = { [MARKER]: string };
const isSealed = (value: object): value is Sealed => MARKER in value;

/** Rebuilds a JSON value, passing each string and each sealed value through `map`. */
function mapLeaves(value: unknown, map: (leaf: string | Sealed) => unknown): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, map));
  if (value !== null && typeof value === "object") {
    if (isSealed(value)) return map(value);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapLeaves(item, map)]));
  }
  return value;
}

/** The plan as it may be stored: call bodies with digests in place of sensitive values. */
export function sealPlan(plan: Plan, reads: RecordedRead[], desired: DesiredState): SavedPlan {
  const { sensitiveValues } = desired;
  const sensitive = new Set(sensitiveValues);
  const calls = plan.calls.map((call): Call => {
    if (call.body === undefined) return call;
    const body = mapLeaves(call.body, (leaf) =>
      typeof leaf === "string" && sensitive.has(leaf) ? { [MARKER]: digest(leaf) } : leaf,
    );
    return { ...call, body };
  });
  const redacted = redactPlan({ ...plan, calls: [] }, sensitiveValues);
  const saved: SavedPlan = { ...redacted, calls, savedAt: new Date().toISOString(), reads };
  if (desired.policy.maxDestroy !== undefined) saved.maxDestroy = desired.policy.maxDestroy;
  return saved;
}

/** Digests of sensitive values the saved plan needs. */
export function sealedDigests(plan: SavedPlan): string[] {
  const found = new Set<string>();
  for (const call of plan.calls) {
    mapLeaves(call.body, (leaf) => {
      if (typeof leaf !== "string") found.add(leaf[MARKER]);
      return leaf;
    });
  }
  return [...found];
}

/** Puts the sensitive values back, from the configuration's values. */
export function unsealPlan(plan: SavedPlan, sensitiveValues: readonly string[]): Plan {
  const byDigest = new Map(sensitiveValues.map((value) => [digest(value), value]));
  const calls = plan.calls.map((call): Call => {
    if (call.body === undefined) return call;
    const body = mapLeaves(call.body, (leaf) => {
      if (typeof leaf === "string") return leaf;
      const value = byDigest.get(leaf[MARKER]);
      if (value === undefined) {
        throw new DocsyncError(
          "plan.sensitive-missing",
          "The configuration given does not hold a sensitive value this plan sets; pass the configuration the plan was made from with -c.",
        );
      }
      return value;
    });
    return { ...call, body };
  });
  return { ...plan, calls };
}

export async function writeSavedPlan(file: string, plan: SavedPlan): Promise<void> {
  await writeFile(file, `${JSON.stringify(plan, null, 2)}\n`, { mode: 0o600 });
}

export async function readSavedPlan(file: string): Promise<SavedPlan> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new DocsyncError(
      "plan.file",
      `Cannot read the plan file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let plan: SavedPlan;
  try {
    plan = JSON.parse(text) as SavedPlan;
  } catch (error) {
    throw new DocsyncError("plan.file", `${file} is not a plan file: ${(error as Error).message}`);
  }
  if (
    plan?.format !== "docsync-plan" ||
    plan.version !== 1 ||
    !Array.isArray(plan.calls) ||
    !Array.isArray(plan.reads)
  ) {
    throw new DocsyncError("plan.file", `${file} is not a plan file saved by docsync plan --out`);
  }
  return plan;
}
