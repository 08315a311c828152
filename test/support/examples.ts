// The configuration examples under examples/: each folder but those that hold something else
// (the GitHub workflows, the library's script).

import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Folders of examples/ that are not configurations. */
export const NOT_CONFIGURATIONS: readonly string[] = ["workflows", "library"];

/** examples/NAME for each configuration example, by name. */
export const CONFIGURATION_EXAMPLES: readonly string[] = readdirSync("examples", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_CONFIGURATIONS.includes(entry.name))
  .map((entry) => join("examples", entry.name))
  .sort();
