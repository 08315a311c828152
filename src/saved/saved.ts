// A plan saved to a file (`docsync plan --out`), to be applied later exactly as it was shown.
// It carries the fingerprints of the live items it was made from, and no secret: sensitive
// values in call bodies are replaced by a digest that the configuration must supply again (a
// string that holds one among other text, by its pieces: the text, and the value's digest).
// It is sealed: it names the organization and the API it is for, and a checksum of its
// content, so that apply refuses it anywhere else, or once it was edited.

import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { RecordedRead } from "../live/fingerprints.ts";
import type { Call, Plan } from "../model/plan.ts";
import { maskSensitiveFields } from "../render/redact.ts";
import { secretsPattern } from "../secrets/pattern.ts";
import { REDACTED, type Redactor } from "../secrets/redactor.ts";
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
/** A string that holds sensitive values among other text (a URL with a token): its pieces. */
const PIECES = "$pieces";
const digest = (value: string) => `sha256:${createHash("sha256").update(value).digest("hex")}`;

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
      if (typeof leaf === "string") return leaf;
      return unsealPieces(leaf, (sealed) => {
        found.add(sealed[MARKER]);
        return "";
      });
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
