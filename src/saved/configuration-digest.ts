// What configuration a saved plan was made from, as a digest of the configuration resolved
// (after interpolation, sensitive values by their digests, where each item was written left
// out), and one shorter digest per configured item by its address, so that apply can refuse
// the plan with any other configuration and name the first items that differ. An address may
// hold a sensitive value (a title that interpolates a secret): it is keyed redacted, as it is
// shown, on both sides of the comparison.

import { createHash } from "node:crypto";
import type { DesiredState } from "../config/types.ts";
import { desiredIn } from "../kinds/items-of.ts";
import { kindsOf } from "../kinds/registry.ts";
import { type AnyKind, addressKey } from "../kinds/types.ts";
import { type Address, addressOf, addressText, ROOT } from "../model/address.ts";
import { canonical } from "../model/canonical.ts";
import type { ItemMeta } from "../model/desired.ts";
import { Redactor } from "../secrets/redactor.ts";

export interface ConfigurationDigest {
  /** `sha256:…` of the whole configuration as resolved. */
  digest: string;
  /**
   * A digest of each item by its address, sensitive values in it redacted (without the lists of the items it holds, which have
   * entries of their own), and of the organization's own part (`organization`, `spaces`,
   * `policy`): only to name what differs.
   */
  items: Record<string, string>;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The digest a saved plan holds in place of a sensitive value. */
export const sensitiveDigest = (value: string): string => `sha256:${sha256(value)}`;

const isLocation = (value: unknown): boolean =>
  value !== null && typeof value === "object" && "file" in value && "line" in value && "column" in value;

/**
 * The configuration's value as it is compared: without where it was written (moving an item
 * in its file changes nothing the API sees), with digests in place of sensitive values.
 */
function comparable(value: unknown, sensitive: ReadonlySet<string>, leaveOut: ReadonlySet<string>): unknown {
  if (typeof value === "string") return sensitive.has(value) ? { $sensitive: sensitiveDigest(value) } : value;
  if (Array.isArray(value)) return value.map((item) => comparable(item, sensitive, NONE));
  if (value !== null && typeof value === "object") {
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (leaveOut.has(key) || (key === "at" && isLocation(item))) continue;
      kept[key] = comparable(item, sensitive, NONE);
    }
    return kept;
  }
  return value;
}

const NONE: ReadonlySet<string> = new Set();
/** What only says where the configuration was read from or how (its kinds: what they configure
 * is compared item by item), or holds secrets as they are. */
const NOT_COMPARED = new Set(["files", "spacesAt", "sensitiveValues", "kinds"]);

/** Walks every configured item with its address, parents before their children. */
function eachItem(desired: DesiredState, visit: (address: string, kind: AnyKind, item: ItemMeta) => void) {
  const walk = (kinds: readonly AnyKind[], parent: unknown, address: Address) => {
    for (const kind of kinds) {
      const scope = { organization: desired.organization, address, desired: parent, ids: {} };
      for (const item of (desiredIn(kind, scope) ?? []) as ItemMeta[]) {
        const at = addressOf(address, kind.kind, addressKey(kind, item));
        visit(addressText(at), kind, item);
        walk(kind.children ?? [], item, at);
      }
    }
  };
  walk(kindsOf(desired).topLevel, desired, ROOT);
}

export function configurationDigest(desired: DesiredState): ConfigurationDigest {
  const sensitive = new Set(desired.sensitiveValues);
  const digest = `sha256:${sha256(canonical(comparable(desired, sensitive, NOT_COMPARED)))}`;
  const short = (value: unknown) => sha256(canonical(comparable(value, sensitive, NONE))).slice(0, 16);
  const items: Record<string, string> = {
    organization: short(desired.organization),
    spaces: short(desired.spaces),
    policy: short(desired.policy),
  };
  const redactor = new Redactor(desired.sensitiveValues);
  eachItem(desired, (address, kind, item) => {
    const own = new Set((kind.children ?? []).map((child) => child.collection));
    const shown = redactor.redact(address);
    let key = shown;
    // Two items at one address fail validation; should it happen, neither hides the other.
    // Two items whose addresses differ only by a sensitive value have a number each, in order.
    for (let n = 2; key in items; n++) key = `${shown}#${n}`;
    items[key] = sha256(canonical(comparable(item, sensitive, own))).slice(0, 16);
  });
  return { digest, items };
}

/** Items shown before "and N more". */
const SHOWN = 10;

/**
 * How the configuration given differs from the one the plan was made from, by address: one
 * line per item added, gone or different, the first SHOWN of them; empty when it is the same.
 */
export function configurationDifferences(made: ConfigurationDigest, given: ConfigurationDigest): string[] {
  if (made.digest === given.digest) return [];
  const lines: string[] = [];
  for (const [address, hash] of Object.entries(given.items)) {
    if (!(address in made.items)) lines.push(`+ ${address}: not in the configuration the plan was made from`);
    else if (made.items[address] !== hash) lines.push(`~ ${address}: different`);
  }
  for (const address of Object.keys(made.items)) {
    if (!(address in given.items))
      lines.push(`- ${address}: only in the configuration the plan was made from`);
  }
  // Which kinds it manages (an empty list, or none at all) is in the whole digest only.
  if (lines.length === 0) lines.push("~ the kinds it manages differ (a list left out, or given empty)");
  if (lines.length > SHOWN) return [...lines.slice(0, SHOWN), `… and ${lines.length - SHOWN} more`];
  return lines;
}
