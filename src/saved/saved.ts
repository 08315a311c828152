// A plan saved to a file (`docsync plan --out`), to be applied later exactly as it was shown.
// It carries the fingerprints of the live items it was made from, and no secret: sensitive
// values in call bodies are replaced by a digest that the configuration must supply again.
// It is sealed: it names the organization and the API it is for, and a checksum of its
// content, so that apply refuses it anywhere else, or once it was edited.

import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { RecordedRead } from "../live/fingerprints.ts";
import type { Call, Plan } from "../model/plan.ts";
import { maskSensitiveFields } from "../render/redact.ts";
import type { Redactor } from "../secrets/redactor.ts";
import { contentChecksum } from "./checksum.ts";

/** Version 1 files had no organization check, API URL or checksum; they are refused. */
export const SAVED_PLAN_VERSION = 2;

export interface SavedPlan extends Omit<Plan, "version"> {
  version: typeof SAVED_PLAN_VERSION;
  savedAt: string;
  /** The API root the plan was read from and is for, normalized (`https://api.example.com/v1`). */
  apiUrl: string;
  /** What the plan was made from, to refuse it once any of it changed. */
  reads: RecordedRead[];
  /** The configuration's `policy.maxDestroy`, checked again when the plan is applied. */
  maxDestroy?: number;
  /** `sha256:…` of the canonical JSON of everything else (checksum.ts). */
  checksum: string;
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

export interface SealOptions {
  /** The normalized API root the plan was read from. */
  apiUrl: string;
  /** The secrets of the run: nothing of them may reach the file. */
  secrets: Redactor;
}

/**
 * The plan as it may be stored: call bodies with digests in place of sensitive values, every
 * string redacted, and a checksum of the whole.
 */
export function sealPlan(
  plan: Plan,
  reads: RecordedRead[],
  desired: DesiredState,
  options: SealOptions,
): SavedPlan {
  const sensitive = new Set(desired.sensitiveValues);
  const calls = plan.calls.map((call): Call => {
    if (call.body === undefined) return call;
    const body = mapLeaves(call.body, (leaf) =>
      typeof leaf === "string" && sensitive.has(leaf) ? { [MARKER]: digest(leaf) } : leaf,
    );
    return { ...call, body };
  });
  const content: Omit<SavedPlan, "checksum"> = {
    ...maskSensitiveFields({ ...plan, calls }),
    version: SAVED_PLAN_VERSION,
    apiUrl: options.apiUrl,
    savedAt: new Date().toISOString(),
    reads,
  };
  if (desired.policy.maxDestroy !== undefined) content.maxDestroy = desired.policy.maxDestroy;
  const redacted = options.secrets.redactValue(content);
  return { ...redacted, checksum: contentChecksum(redacted) };
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
  const { format, organization, changes, warnings, summary } = plan;
  return { format, version: 1, organization, changes, calls, warnings, summary };
}

export async function writeSavedPlan(file: string, plan: SavedPlan): Promise<void> {
  try {
    await writeFile(file, `${JSON.stringify(plan, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    throw new DocsyncError(
      "plan.file",
      `Cannot write the plan file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
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
  const notAPlan = () =>
    new DocsyncError("plan.file", `${file} is not a plan file saved by docsync plan --out`);
  if (plan?.format !== "docsync-plan" || !Array.isArray(plan.calls) || !Array.isArray(plan.reads))
    throw notAPlan();
  if ((plan.version as number) < SAVED_PLAN_VERSION) {
    throw new DocsyncError(
      "plan.outdated",
      `${file} was saved by an older docsync, without the organization, API URL and checksum that apply checks; make it again with docsync plan --out.`,
    );
  }
  if (plan.version !== SAVED_PLAN_VERSION) {
    throw new DocsyncError(
      "plan.file",
      `${file} is a plan file of version ${plan.version}, which this docsync does not know (it reads version ${SAVED_PLAN_VERSION}); update docsync.`,
    );
  }
  if (
    typeof plan.organization !== "string" ||
    typeof plan.apiUrl !== "string" ||
    typeof plan.checksum !== "string"
  )
    throw notAPlan();
  if (contentChecksum(plan) !== plan.checksum) {
    throw new DocsyncError(
      "plan.modified",
      `${file} was changed after docsync plan wrote it (its checksum does not match its content); make it again with docsync plan --out.`,
    );
  }
  return plan;
}
