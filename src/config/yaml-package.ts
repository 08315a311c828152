// The `yaml` package, required when a position is first asked for, and then at once: a plan asks
// for one synchronously. No command loads it at start-up. (The Action's single file bundles it in
// place of this module: scripts/build.ts.)

import { createRequire } from "node:module";

let loaded: typeof import("yaml") | undefined;
export function yamlPackage(): typeof import("yaml") {
  loaded ??= createRequire(import.meta.url)("yaml") as typeof import("yaml");
  return loaded;
}
