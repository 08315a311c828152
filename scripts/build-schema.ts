// Bundles schemas/fragments/*.json into schemas/docsync.schema.json, the one file editors and
// the loader read. root.json is the top level; every other fragment becomes the definition of
// the same name (site.json → #/definitions/site), so adding a kind is its fragment plus one
// `$ref` where it belongs. Run: npx tsx scripts/build-schema.ts

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const schemasDir = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas");
export const FRAGMENTS_DIR = join(schemasDir, "fragments");
export const BUNDLE_PATH = join(schemasDir, "docsync.schema.json");

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}

/** The bundled schema built from the fragments as they are now. */
export function buildSchema(fragmentsDir: string = FRAGMENTS_DIR): Record<string, unknown> {
  const names = readdirSync(fragmentsDir)
    .filter((name) => name.endsWith(".json") && name !== "root.json")
    .sort();
  const definitions: Record<string, unknown> = {};
  for (const name of names) definitions[basename(name, ".json")] = readJson(join(fragmentsDir, name));
  return { ...readJson(join(fragmentsDir, "root.json")), definitions };
}

function main(): void {
  writeFileSync(BUNDLE_PATH, `${JSON.stringify(buildSchema(), null, 2)}\n`);
  // The repository's formatter owns the layout of JSON files; without this `biome check` fails.
  execFileSync(join(schemasDir, "..", "node_modules", ".bin", "biome"), ["format", "--write", BUNDLE_PATH], {
    stdio: "inherit",
  });
  console.log(`wrote ${BUNDLE_PATH}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
