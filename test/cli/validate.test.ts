// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// validate checks the configuration without calling the API: it counts what the files name, and
// an organization given by a variable may be unset for it, though not for the commands that call.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docsync } from "../support/cli.ts";
import { spawnDocsync } from "../support/process.ts";

const SPACES = Array.from({ length: 9 }, (_, n) => `  space-${n}: spc_${n}`);
const CONFIG = ["version: 1", "organization: ${DOCSYNC_ORG}", "spaces:", ...SPACES, ""].join("\n");

describe("validate", () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsync-validate-"));
    file = join(dir, "docsync.yaml");
    await writeFile(file, CONFIG);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("counts the spaces the files name, and needs no organization", async () => {
    const text = await docsync(["validate", "-c", file], { env: {} });
    expect(text.stderr).toBe("");
    expect(text.stdout).toMatch(/^Configuration is valid: 1 file\(s\), 0 site\(s\), 9 space\(s\), /);
    expect(text.code).toBe(0);
    const json = await docsync(["validate", "-c", file, "--format", "json"], { env: {} });
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: true, counts: { spaces: 9, spaceSettings: 0 } });
  });

  it("still refuses an organization variable that is unset when the command calls the API", async () => {
    const plan = await docsync(["plan", "-c", file], { env: { DOCSYNC_TOKEN: "t" } });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain("organization: environment variable DOCSYNC_ORG is not set");
  });

  // The build checks a configuration with a validator that stops at the first error, and loads
  // the one that reports every error only then: its errors must be the sources' own.
  it("reports a schema's errors from the build as from the sources, each at its place", async () => {
    const bad = join(dir, "bad.yaml");
    const redirects = [
      "      - source: /a",
      "      - source: b/",
      "        to: {section: s}",
      "        tu: 1",
    ];
    await writeFile(
      bad,
      [
        "version: 1",
        "organization: org_1",
        "sites:",
        "  - title: Docs",
        "    redirects:",
        ...redirects,
        "",
      ].join("\n"),
    );
    const sources = await docsync(["validate", "-c", bad], { env: {} });
    const built = spawnDocsync(["validate", "-c", bad], {});
    expect((await built.exited).code).toBe(1);
    expect(sources.code).toBe(1);
    expect(sources.stderr).toContain(
      `${bad}:6:9: sites[0].redirects[0]: must have exactly one of "to" or "destination" (has neither)`,
    );
    expect(sources.stderr).toContain(
      `${bad}:9:9: sites[0].redirects[1].tu: unknown key "tu" (did you mean "to"?)`,
    );
    expect(built.stderr()).toBe(sources.stderr);
  });
});
