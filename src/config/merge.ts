// Merges several schema-valid files into one configuration. Every item keeps the file and the
// key path it came from, so that later errors point into the right file.

import type { Diagnostic } from "./diagnostics.ts";
import {
  isGroup,
  type RawConfig,
  type RawCustomField,
  type RawPolicy,
  type RawSamlProvider,
  type RawSection,
  type RawSectionGroup,
  type RawSite,
  type RawTeam,
} from "./raw-types.ts";
import { diagnosticAt, type KeyPath, where, type YamlFile } from "./yaml-positions.ts";

/** A value and where it was written. */
export interface Located<T> {
  value: T;
  file: YamlFile;
  path: KeyPath;
}

export interface MergedConfig {
  files: YamlFile[];
  organization?: Located<string>;
  /** Space name → id. */
  spaces: Map<string, Located<string>>;
  /** Each list is absent when no file has the key: that kind is then not managed. */
  teams?: Located<RawTeam>[];
  customFields?: Located<RawCustomField>[];
  samlProviders?: Located<RawSamlProvider>[];
  sites?: Located<RawSite>[];
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
  const merged: MergedConfig = { files: inputs.map((i) => i.file), spaces: new Map() };
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
    for (const [name, id] of Object.entries(config.spaces ?? {})) {
      merged.spaces.set(name, agree(merged.spaces.get(name), { value: id, file, path: ["spaces", name] }));
    }
    merged.teams = concat(merged.teams, config.teams, file, "teams");
    merged.customFields = concat(merged.customFields, config.customFields, file, "customFields");
    merged.samlProviders = concat(merged.samlProviders, config.samlProviders, file, "samlProviders");
    merged.sites = concat(merged.sites, config.sites, file, "sites");
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

/** Appends a file's list; an empty list still counts ("manage this kind, and there should be
 * none"), only an absent one leaves the kind unmanaged. */
function concat<T>(
  into: Located<T>[] | undefined,
  list: T[] | undefined,
  file: YamlFile,
  key: string,
): Located<T>[] | undefined {
  if (list === undefined) return into;
  return [...(into ?? []), ...list.map((value, index) => ({ value, file, path: [key, index] }))];
}

/** A site's sections with groups flattened (each knows its group), and the groups, in order. */
export function sectionsOf(site: Located<RawSite>): {
  sections: (Located<RawSection> & { group?: string })[];
  groups: Located<RawSectionGroup>[];
} {
  const sections: (Located<RawSection> & { group?: string })[] = [];
  const groups: Located<RawSectionGroup>[] = [];
  site.value.sections?.forEach((item, index) => {
    const path = [...site.path, "sections", index];
    if (!isGroup(item)) {
      sections.push({ value: item, file: site.file, path });
      return;
    }
    const group: Located<RawSectionGroup> = { value: item, file: site.file, path };
    groups.push(group);
    for (const section of children(group, "sections", item.sections))
      sections.push({ ...section, group: item.group });
  });
  return { sections, groups };
}

/** The items of a list inside a located item, each located. */
export function children<T>(parent: Located<unknown>, key: string, list: T[]): Located<T>[] {
  return list.map((value, index) => ({ value, file: parent.file, path: [...parent.path, key, index] }));
}
