// Every example must load: each *.yaml / *.yml file in examples/ on its own, and each folder in
// it as one configuration of several files. Not configurations: the emulator fixture the examples
// are written for, and the GitHub workflows. Examples may use DOCSYNC_ORG; any other variable
// needs a default (${NAME:-value}) so that the example runs as written.

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.ts";

const examples = join(import.meta.dirname, "..", "..", "examples");

describe("examples/", () => {
  it("holds only configurations that load, the README's among them", async () => {
    // A missing folder fails here: the README points at its examples.
    const all = readdirSync(examples, { withFileTypes: true });
    const notConfigurations = ["emulator-fixture.yaml", "workflows", "library"];
    const entries = all.filter(
      (e) => !notConfigurations.includes(e.name) && (e.isDirectory() || /\.ya?ml$/.test(e.name)),
    );
    expect(entries.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(["multi-section", "organization", "single-site"]),
    );
    const loaded: string[] = [];
    const failures: string[] = [];
    for (const entry of entries) {
      await loadConfig({ paths: [entry.name], cwd: examples, env: { DOCSYNC_ORG: "org_example" } }).then(
        (desired) => loaded.push(`${entry.name}: ${desired.organization}`),
        (error: unknown) => failures.push(error instanceof Error ? error.message : String(error)),
      );
    }
    expect(failures).toEqual([]);
    expect(loaded).toEqual(entries.map((entry) => `${entry.name}: org_example`));
  });
});
