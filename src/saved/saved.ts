// A plan saved to a file (`docsync plan --out`), to be applied later exactly as it was shown.
// It carries a digest of the configuration it was made from (apply plans again from that
// configuration and applies the saved plan only when nothing of it changed), and no secret:
// sensitive values in call bodies are replaced by a digest that the configuration supplies
// again (a string that holds one among other text, by its pieces: the text, and the value's
// digest). It is sealed: it names the organization and the API it is for, and a checksum of its
// content, so that apply refuses it anywhere else, or once it was edited.

import { readFile, writeFile } from "node:fs/promises";
import type { DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { Address } from "../model/address.ts";
import { type Call, PLAN_VERSION, type Plan } from "../model/plan.ts";
import { planJson } from "../render/plan-json.ts";
import { maskSensitiveFields } from "../render/redact.ts";
import { secretsPattern } from "../secrets/pattern.ts";
import { REDACTED, type Redactor } from "../secrets/redactor.ts";
import { contentChecksum } from "./checksum.ts";
import { type ConfigurationDigest, configurationDigest, sensitiveDigest } from "./configuration-digest.ts";

/**
 * Version 1 files had no organization check, API URL or checksum; version 2 ones were checked
 * against fingerprints of what they were read from, not against the configuration; version 3
 * ones named new items by placeholders in the text of paths and bodies. All are refused.
 */
export const SAVED_PLAN_VERSION = 4;

/** Why a file of an older version is refused. */
const OUTDATED: Record<number, string> = {
  3: "naming the items it creates by placeholders in its calls' text, which this docsync no longer reads",
};
const WITHOUT_DIGEST = "without the digest of its configuration that apply checks";

export interface SavedPlan extends Omit<Plan, "version"> {
  version: typeof SAVED_PLAN_VERSION;
  savedAt: string;
  /** The API root the plan was read from and is for, normalized (`https://api.example.com/v1`). */
  apiUrl: string;
  /** The configuration it was made from: apply refuses any other. */
  configuration: ConfigurationDigest;
  /** The `--target` addresses it was made with, when there were any: apply plans again with them. */
  targets?: Address[];
  /** The configuration's `policy.maxDestroy`, checked again when the plan is applied. */
  maxDestroy?: number;
  /** Saved by `plan --allow-destroy`: its apply allows deletes beyond `maxDestroy`, as the plan showed. */
  allowDestroy?: true;
  /** `sha256:…` of the canonical JSON of everything else (checksum.ts). */
  checksum: string;
}

const MARKER = "$sensitive";
/** A string that holds sensitive values among other text (a URL with a token): its pieces. */
const PIECES = "$pieces";
const digest = sensitiveDigest;

type Sealed = { [MARKER]: string };
type Pieced = { [PIECES]: (string | Sealed)[] };
const isSealed = (value: object): value is Sealed => MARKER in value;
const isPieced = (value: object): value is Pieced =>
  PIECES in value && Array.isArray((value as Pieced)[PIECES]);

/** Rebuilds a JSON value, passing each string and each sealed value through `map`. */
function mapLeaves(value: unknown, map: (leaf: string | Sealed | Pieced) => unknown): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, map));
  if (value !== null && typeof value === "object") {
    if (isSealed(value) || isPieced(value)) return map(value);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapLeaves(item, map)]));
  }
  return value;
}

/** A string of a call's body as a plan file holds it: sealed where it holds a sensitive value. */
function sealString(text: string, sensitive: ReadonlySet<string>, pattern: RegExp | undefined): unknown {
  if (sensitive.has(text)) return { [MARKER]: digest(text) };
  if (pattern === undefined || !pattern.test(text)) return text;
  // The split's group puts the sensitive values at the odd places.
  const pieces = text
    .split(pattern)
    .map((piece, at) => (at % 2 === 1 ? { [MARKER]: digest(piece) } : piece))
    .filter((piece) => piece !== "");
  return { [PIECES]: pieces };
}

/** A sealed value's pieces, each filled in by `fill`. */
function unsealPieces(leaf: Sealed | Pieced, fill: (sealed: Sealed) => string): string {
  if (isSealed(leaf)) return fill(leaf);
  return leaf[PIECES].map((piece) => (typeof piece === "string" ? piece : fill(piece))).join("");
}

/** A saved value with `(sensitive)` in place of each sensitive value it holds only a digest of. */
export function shownSealed<T>(value: T): T {
  return mapLeaves(value, (leaf) =>
    typeof leaf === "string" ? leaf : unsealPieces(leaf, () => REDACTED),
  ) as T;
}

export interface SealOptions {
  /** The normalized API root the plan was read from. */
  apiUrl: string;
  /** The secrets of the run: nothing of them may reach the file. */
  secrets: Redactor;
  /** The `--target` addresses the plan was made with. */
  targets?: readonly Address[];
  /** `plan --allow-destroy`: the plan was approved beyond `policy.maxDestroy`. */
  allowDestroy?: boolean;
}

/**
 * The plan as it may be stored: call bodies with digests in place of sensitive values, every
 * string redacted, and a checksum of the whole.
 */
export function sealPlan(shown: Plan, desired: DesiredState, options: SealOptions): SavedPlan {
  // What apply would refuse is worked out again from the file: it is no part of it.
  const { refusals: _refusals, ...plan } = shown;
  const sensitive = new Set(desired.sensitiveValues);
  const pattern = secretsPattern(sensitive);
  const calls = plan.calls.map((call): Call => {
    if (call.body === undefined) return call;
    const body = mapLeaves(call.body, (leaf) =>
      typeof leaf === "string" ? sealString(leaf, sensitive, pattern) : leaf,
    );
    return { ...call, body };
  });
  const content: Omit<SavedPlan, "checksum"> = {
    ...maskSensitiveFields({ ...plan, calls }),
    version: SAVED_PLAN_VERSION,
    apiUrl: options.apiUrl,
    savedAt: new Date().toISOString(),
    configuration: configurationDigest(desired),
  };
  if (options.targets && options.targets.length > 0) content.targets = [...options.targets];
  if (desired.policy.maxDestroy !== undefined) content.maxDestroy = desired.policy.maxDestroy;
  if (options.allowDestroy) content.allowDestroy = true;
  const redacted = options.secrets.redactValue(content);
  return { ...redacted, checksum: contentChecksum(redacted) };
}

/** Puts the sensitive values back, from the configuration's values. */
export function unsealPlan(plan: SavedPlan, sensitiveValues: readonly string[]): Plan {
  const byDigest = new Map(sensitiveValues.map((value) => [digest(value), value]));
  const calls = plan.calls.map((call): Call => {
    if (call.body === undefined) return call;
    const body = mapLeaves(call.body, (leaf) => {
      if (typeof leaf === "string") return leaf;
      return unsealPieces(leaf, (sealed) => {
        const value = byDigest.get(sealed[MARKER]);
        if (value === undefined) {
          throw new DocsyncError(
            "plan.sensitive-missing",
            "The configuration given does not hold a sensitive value this plan sets; pass the configuration the plan was made from with -c.",
          );
        }
        return value;
      });
    });
    return { ...call, body };
  });
  const { format, organization, changes, warnings, summary } = plan;
  return { format, version: PLAN_VERSION, organization, changes, calls, warnings, summary };
}

export async function writeSavedPlan(file: string, plan: SavedPlan): Promise<void> {
  try {
    await writeFile(file, planJson(plan), { mode: 0o600 });
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
  if (plan?.format !== "docsync-plan" || !Array.isArray(plan.calls)) throw notAPlan();
  if ((plan.version as number) < SAVED_PLAN_VERSION) {
    throw new DocsyncError(
      "plan.outdated",
      `${file} was saved by an older docsync (plan file version ${plan.version}), ${OUTDATED[plan.version as number] ?? WITHOUT_DIGEST}; make it again with docsync plan --out.`,
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
    typeof plan.checksum !== "string" ||
    typeof plan.configuration?.digest !== "string"
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
