// The `yaml` package, loaded the first time a position is asked for, and then at once: a plan
// that prints where an item was written asks for it synchronously. A configuration that loads
// without error never needs it, so no command loads it at start-up. (The Action's single file
// bundles it in place of this module: scripts/build.ts.)

import { createRequire } from "node:module";

type YamlPackage = typeof import("yaml");
let loaded: YamlPackage | undefined;

export function yamlPackage(): YamlPackage {
  loaded ??= createRequire(import.meta.url)("yaml") as YamlPackage;
  return loaded;
}
