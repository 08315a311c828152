// Merges several schema-valid files into one configuration. Every item keeps the file and the
// key path it came from, so that later errors point into the right file.

import type { Located as LocatedIn } from "../model/desired.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { where } from "./first-place.ts";
import type { RawConfig, RawPolicy } from "./raw-types.ts";
import { diagnosticAt, type YamlFile } from "./yaml-positions.ts";

/** A value and where it was written. */
export type Located<T> = LocatedIn<T, YamlFile>;

export interface MergedConfig {
  files: YamlFile[];
  /** Each valid file's whole value, in order: the kinds read their lists from these. */
  documents: Located<RawConfig>[];
  organization?: Located<string>;
  /** Space name → id. */
  spaces: Map<string, Located<string>>;
  policy?: Located<RawPolicy>;
}

/** With `partial`, some files were left out for errors of their own: the organization may be in one. */
export function mergeFiles(
  inputs: { file: YamlFile; config: RawConfig }[],
  options: { partial: boolean },
): {
  merged: MergedConfig;
  diagnostics: Diagnostic[];
} {
  const merged: MergedConfig = {
    files: inputs.map((i) => i.file),
    documents: inputs.map(({ file, config }) => ({ value: config, file, path: [] })),
    spaces: new Map(),
  };
  const diagnostics: Diagnostic[] = [];
  /** Keeps the first value of a single-valued key; a later, different one is an error. */
  const agree = (first: Located<string> | undefined, next: Located<string>): Located<string> => {
    if (first !== undefined && first.value !== next.value) {
      const message = `differs from "${first.value}" given at ${where(first, next.file)}`;
      diagnostics.push(diagnosticAt(next.file, next.path, message));
    }
    return first ?? next;
  };
  for (const { file, config } of inputs) {
    if (config.organization !== undefined) {
      merged.organization = agree(merged.organization, {
        value: config.organization,
        file,
        path: ["organization"],
      });
    }
    for (const [name, entry] of Object.entries(config.spaces ?? {})) {
      // `name: id`, or `name: {id, ...settings}`: either way the id is what the name stands for.
      const located =
        typeof entry === "string"
          ? { value: entry, file, path: ["spaces", name] }
          : { value: entry.id, file, path: ["spaces", name, "id"] };
      merged.spaces.set(name, agree(merged.spaces.get(name), located));
    }
    if (config.policy !== undefined) {
      if (merged.policy === undefined) merged.policy = { value: config.policy, file, path: ["policy"] };
      else {
        const message = `is already given at ${where(merged.policy, file)}; give policy in one file only`;
        diagnostics.push(diagnosticAt(file, ["policy"], message, "key"));
      }
    }
  }
  const first = inputs[0];
  if (merged.organization === undefined && first !== undefined && !options.partial) {
    const message = 'missing "organization": give the organization id in one of the files';
    diagnostics.push(diagnosticAt(first.file, [], message));
  }
  return { merged, diagnostics };
}
