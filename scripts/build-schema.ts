// Bundles schemas/fragments/*.json into schemas/docsync.schema.json, the one file editors and
// the loader read. root.json is the top level; every other fragment becomes the definition of
// the same name (site.json → #/definitions/site). The kinds fill in the rest: each top-level
// kind's list (its `config.schema`), before `policy`, and the kinds `policy.prune` may name.
// Adding a kind is its fragment, and a `$ref` in its parent's for a child kind.
// Run: npx tsx scripts/build-schema.ts

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isPrunable, pluralOf } from "../src/kinds/kind-set.ts";
import { builtInKinds } from "../src/kinds/registry.ts";

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
  const root = readJson(join(fragmentsDir, "root.json"));
  const { policy, ...properties } = root.properties as Record<string, unknown>;
  for (const kind of builtInKinds.topLevel) {
    const schema = kind.config.schema;
    if (schema.description === undefined)
      throw new Error(`top-level kind ${kind.kind} has no config.schema.description`);
    // Its items are entries of a key root.json describes (spaces:), not a list of its own.
    if (schema.inRoot) continue;
    const ref = `#/definitions/${schema.fragment}`;
    // A singleton is one mapping; every other kind a list of them.
    properties[kind.collection] = kind.singleton
      ? { description: schema.description, $ref: ref }
      : { description: schema.description, type: "array", items: { $ref: ref } };
  }
  properties.policy = policy;
  fillPrune(
    definitions.policy as { properties: { prune: { description: string; items: { enum: string[] } } } },
  );
  return { ...root, properties, definitions };
}

/** The kinds `policy.prune` names, and its default, from the kinds. */
function fillPrune(policy: {
  properties: { prune: { description: string; items: { enum: string[] } } };
}): void {
  const prune = policy.properties.prune;
  // Top-level kinds that can be pruned: singletons and spaces' settings are never deleted.
  const wide = builtInKinds.reported.filter(isPrunable).map((kind) => kind.collection);
  prune.description =
    "Kinds whose live items that the configuration does not list are deleted. " +
    `Default: ${builtInKinds.defaultPrune.join(", ")} (only inside listed ${builtInKinds.reported
      .filter((k) => k.children)
      .map(pluralOf)
      .join(", ")}). ` +
    `${wide.slice(0, -1).join(", ")} and ${wide.at(-1)} prune organization-wide.`;
  prune.items.enum = [...builtInKinds.prunable];
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
