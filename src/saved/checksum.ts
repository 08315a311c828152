// The checksum that seals a saved plan: SHA-256 over the canonical JSON (sorted keys, no
// spaces) of everything in the file but the checksum itself. It depends on the content only,
// never on where the file is, so a plan file can move between machines.

import { createHash } from "node:crypto";
import { canonical } from "../model/canonical.ts";

export const CHECKSUM_FIELD = "checksum";

/** `sha256:…` of a JSON object without its checksum field, as it reads back from its file. */
export function contentChecksum(content: object): string {
  const { [CHECKSUM_FIELD]: _ignored, ...rest } = content as Record<string, unknown>;
  // Through JSON and back: undefined fields vanish there, so they must not count here either.
  const written: unknown = JSON.parse(JSON.stringify(rest));
  return `sha256:${createHash("sha256").update(canonical(written)).digest("hex")}`;
}
