// Expands the paths given on the command line into the configuration files to read: a file
// is itself, a folder is every *.yaml / *.yml directly inside it, sorted by name.

import { readdir, stat } from "node:fs/promises";
import { join, normalize, resolve } from "node:path";
import type { Diagnostic } from "./diagnostics.ts";

export interface ConfigFileRef {
  /** As shown in messages: the path as given, or joined to the folder given. */
  name: string;
  /** Absolute. */
  path: string;
  /** In bytes, when the file was listed. */
  size: number;
}

export async function findConfigFiles(
  paths: string[],
  cwd: string,
): Promise<{
  files: ConfigFileRef[];
  /** Every name met, files and problems alike, in the order given: the order of the report. */
  order: string[];
  diagnostics: Diagnostic[];
}> {
  const files: ConfigFileRef[] = [];
  const diagnostics: Diagnostic[] = [];
  const order: string[] = [];
  const problem = (name: string, message: string) => {
    order.push(name);
    diagnostics.push({ file: name, line: 1, column: 1, path: "", message });
  };
  // A file named twice (directly and through its folder) is read once, where it first appears.
  const seen = new Set<string>();
  const add = (file: ConfigFileRef) => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    files.push(file);
    order.push(file.name);
  };
  for (const given of paths) {
    const name = normalize(given);
    const path = resolve(cwd, given);
    const stats = await stat(path).catch(() => undefined);
    if (stats === undefined) {
      problem(name, "no such file or folder");
    } else if (stats.isDirectory()) {
      const found = await yamlFilesIn(path);
      if (found.length === 0) problem(name, "no *.yaml or *.yml file in this folder");
      for (const entry of found)
        add({ name: join(name, entry.name), path: join(path, entry.name), size: entry.size });
    } else {
      add({ name, path, size: stats.size });
    }
  }
  return { files, order, diagnostics };
}

async function yamlFilesIn(folder: string): Promise<{ name: string; size: number }[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const names = entries.filter((e) => /\.ya?ml$/.test(e.name)).map((e) => e.name);
  const found = await Promise.all(
    names.map(async (name) => {
      const stats = await stat(join(folder, name));
      return stats.isFile() ? [{ name, size: stats.size }] : [];
    }),
  );
  // Code-unit order, so the order does not depend on the machine's locale.
  return found.flat().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
