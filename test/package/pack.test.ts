// The published package as a user gets it: `npm pack` (which builds; the run's one pack, see
// support/packed.ts), the tarball installed in a folder of its own from the local npm cache, and
// its `docsync` run against the emulator. The installed package must run without TypeScript
// tooling and without this repository.

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docsync } from "../support/cli.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { type Packed, packedPackage } from "../support/packed.ts";
import { posingAs } from "../support/process.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

describe("the packed package", { timeout: 240_000 }, () => {
  let dir: string;
  let packed: Packed;
  let h: Harness;
  let bin: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsync-pack-"));
    packed = await packedPackage();
    const project = join(dir, "project");
    await cp(join(ROOT, "examples"), join(project, "examples"), { recursive: true });
    await writeFile(join(project, "package.json"), '{ "private": true }\n');
    // Dependencies come from the cache npm ci filled; the registry only for what is missing.
    await run(npm, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--omit=dev", packed.tarball], {
      cwd: project,
      maxBuffer: 16 * 1024 * 1024,
    });
    bin = join(project, "node_modules/.bin/docsync");
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    // npm pack builds first, then npm installs: as long as the tests may take, not a hook's 30 s.
  }, 240_000);
  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("holds what a user needs and nothing else", () => {
    const paths = packed.files.map((file) => file.path).sort();
    expect(paths).toContain("bin/docsync.js");
    expect(paths).toContain("dist/cli.js");
    expect(paths).toContain("dist/index.js");
    expect(paths).toContain("dist/types/index.d.ts");
    expect(paths).toContain("schemas/docsync.schema.json");
    expect(paths).toContain("LICENSE");
    const unwanted = paths.filter(
      (path) =>
        /^(src|test|bench|scripts|\.ci|examples|dist-action)\/|\.(ts|pem)$/.test(path) &&
        !path.endsWith(".d.ts"),
    );
    expect(unwanted).toEqual([]);
  });

  it("runs docsync plan against the emulator, from its build, without tsx", async () => {
    const project = join(dir, "project");
    expect(existsSync(join(project, "node_modules/docsync/dist/cli.js"))).toBe(true);
    expect(existsSync(join(project, "node_modules/tsx"))).toBe(false);
    expect(existsSync(join(project, "node_modules/esbuild"))).toBe(false);

    const manifest = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { version: string };
    const version = await run(bin, ["--version"], { cwd: project });
    expect(version.stdout).toBe(`${manifest.version}\n`);

    const plan = await run(bin, ["plan", "-c", "examples/organization"], {
      cwd: project,
      env: { PATH: process.env.PATH, ...h.env },
    });
    expect(plan.stdout).toContain('+ team "Writers"');
    expect(plan.stdout).toContain(
      "Plan: 14 to create (3 collections, 3 teams, 3 space permissions, 2 custom fields, 1 SAML provider, 1 OpenAPI spec, 1 translation), 5 to update (2 members, 1 collection, 1 settings, 1 space), 0 to move, 0 to delete.",
    );
    expect(plan.stderr).toBe("");
  });

  it("on an older Node.js, says which it needs before it loads anything: the executable and dist/cli.js", async () => {
    const project = join(dir, "project");
    const cli = join(project, "node_modules/docsync/dist/cli.js");
    const installed = join(project, "node_modules/docsync/bin/docsync.js");
    for (const entry of [installed, cli]) {
      const refused = await run(process.execPath, [posingAs("v18.20.4"), entry, "plan"], {
        cwd: project,
      }).then(
        () => ({ code: 0, stdout: "", stderr: "" }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(refused, entry).toMatchObject({
        code: 1,
        stdout: "",
        stderr: "Error: docsync needs Node.js 20.18 or newer; this is 18.20.4\n",
      });
    }
  });

  it("reports configuration errors exactly as the sources do (its schema validator is compiled ahead)", async () => {
    const project = join(dir, "project");
    const bad = [
      "version: 2",
      "organization: org_acme",
      "sites:",
      "  - title: Docs",
      "    visibility: secret",
      "    sections:",
      "      - path: guides",
      "        titel: Guides",
      "    redirects:",
      "      - { source: /old, to: { nowhere: x } }",
      "teams:",
      "  - title: 12",
      "    members: nope",
      "customFields: [{ name: owner, type: text, titl: x }]",
      "",
    ].join("\n");
    await writeFile(join(project, "bad.yaml"), bad);
    const built = await run(bin, ["validate", "-c", "bad.yaml"], { cwd: project }).then(
      () => ({ stderr: "", code: 0 }),
      (error: { stderr: string; code: number }) => error,
    );
    const process = await docsync(["validate", "-c", join(project, "bad.yaml")]);
    expect(built.code).toBe(1);
    expect(built.stderr.split("\n").length).toBeGreaterThan(6);
    expect(built.stderr).toBe(process.stderr.replaceAll(join(project, "bad.yaml"), "bad.yaml"));
  });
});
