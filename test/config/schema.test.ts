import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUNDLE_PATH, buildSchema } from "../../scripts/build-schema.ts";
import { PRUNABLE_KINDS, ROLES } from "../../src/config/types.ts";
import { builtInKinds } from "../../src/kinds/registry.ts";

type Node = Record<string, unknown>;
const bundle = JSON.parse(readFileSync(BUNDLE_PATH, "utf8")) as Node;
const definitions = bundle.definitions as Record<string, Node>;

/** Every schema in the bundle with a readable path, following the keywords that hold schemas.
 * Schemas under `if` are conditions, not shapes of the file, and are left out. */
function* schemas(node: unknown, path: string): Generator<[string, Node]> {
  if (node === null || typeof node !== "object") return;
  const schema = node as Node;
  yield [path, schema];
  for (const keyword of ["properties", "definitions"]) {
    for (const [name, value] of Object.entries((schema[keyword] as Node | undefined) ?? {})) {
      yield* schemas(value, `${path}.${keyword}.${name}`);
    }
  }
  for (const keyword of ["items", "additionalProperties", "propertyNames", "not", "then", "else"]) {
    yield* schemas(schema[keyword], `${path}.${keyword}`);
  }
  for (const keyword of ["oneOf", "anyOf", "allOf"]) {
    for (const [i, value] of ((schema[keyword] as unknown[] | undefined) ?? []).entries()) {
      yield* schemas(value, `${path}.${keyword}[${i}]`);
    }
  }
}

describe("schemas/docsync.schema.json", () => {
  it("is the bundle of schemas/fragments as they are now (run: npx tsx scripts/build-schema.ts)", () => {
    expect(bundle).toEqual(buildSchema());
  });

  it("has a definition for every resource kind, each one referenced", () => {
    // One definition per kind's fragment (site spaces of a site and of a section share one),
    // and the policy's.
    const fragments = new Set([...builtInKinds.all.map((kind) => kind.config.schema.fragment), "policy"]);
    expect(Object.keys(definitions).sort()).toEqual([...fragments].sort());
    const text = JSON.stringify(bundle);
    for (const name of Object.keys(definitions)) expect(text).toContain(`"#/definitions/${name}"`);
  });

  it("lists exactly the prunable kinds and roles of types.ts", () => {
    const property = (definition: string, name: string) =>
      ((definitions[definition] as Node).properties as Record<string, Node>)[name] as Node;
    expect((property("policy", "prune").items as Node).enum).toEqual([...PRUNABLE_KINDS]);
    expect(property("saml-provider", "defaultRole").enum).toEqual([...ROLES, null]);
    expect(property("organization-settings", "defaultRole").enum).toEqual([...ROLES, null]);
  });

  it("lets policy.prune name only kinds whose items can be deleted, and its description names no other", () => {
    const prune = ((definitions.policy as Node).properties as Record<string, Node>).prune as Node;
    const names = (prune.items as Node).enum as string[];
    for (const never of ["organizationSettings", "spaceSettings"]) {
      expect(names).not.toContain(never);
      expect(prune.description).not.toContain(never);
    }
    const wide = /\. ([\w, ]+) prune organization-wide\./.exec(prune.description as string)?.[1];
    expect(wide?.split(/, | and /)).toEqual(expect.arrayContaining(["collections", "teams", "sites"]));
    for (const kind of wide!.split(/, | and /)) expect(names).toContain(kind);
  });

  it("describes every property, for editors", () => {
    const missing: string[] = [];
    for (const [path, node] of schemas(bundle, "#")) {
      for (const [key, value] of Object.entries((node.properties as Node | undefined) ?? {})) {
        // `true` marks a property allowed in a conditional branch; it is described where declared.
        if (value !== true && typeof (value as Node).description !== "string")
          missing.push(`${path}.properties.${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("closes every mapping, except a raw redirect destination of a kind it does not know and a document", () => {
    const open: string[] = [];
    for (const [path, node] of schemas(bundle, "#")) {
      if (node.type === "object" && node.additionalProperties === undefined) open.push(path);
    }
    expect(open).toEqual([
      "#.definitions.redirect.properties.destination",
      // A translation's instructions: a document, whose data and blocks are its own.
      "#.definitions.translation.else.properties.instructions.anyOf[1]",
      "#.definitions.translation.else.properties.instructions.anyOf[1].properties.data",
      "#.definitions.translation.else.properties.instructions.anyOf[1].properties.nodes.items",
    ]);
  });
});
