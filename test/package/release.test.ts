// The release (scripts/release.ts, which .github/workflows/release.yml runs on a tag): its checks
// of the tag and the tarball, and a dry run as the workflow makes it, up to the registry, against
// a stand-in registry on 127.0.0.1 that records what npm asks of it. The dry run packs the dist/
// of the run's one pack (support/packed.ts) without building it again: that npm pack builds, and
// its tarball holds what it should, is pack.test.ts's subject. The dry run calls the script's
// command line in this process (its npm and git calls are processes, the subject); the refusal
// starts the script as the workflow does, for its exit code and its one line.

import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { packing } from "../../scripts/build.ts";
import { main, majorTag, REQUIRED_FILES, tarballProblems, versionOfTag } from "../../scripts/release.ts";
import { packedPackage } from "../support/packed.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");
const TSX = join(ROOT, "node_modules/tsx/dist/cli.mjs");

describe("the release's checks", () => {
  it("takes only the tag of the package's version", () => {
    expect(versionOfTag("v1.2.3", "1.2.3")).toBe("1.2.3");
    expect(versionOfTag("v2.0.0-rc.1", "2.0.0-rc.1")).toBe("2.0.0-rc.1");
    expect(() => versionOfTag("v1.2.4", "1.2.3")).toThrow(
      "tag v1.2.4 does not match package.json's version 1.2.3",
    );
    expect(() => versionOfTag("1.2.3", "1.2.3")).toThrow('tag "1.2.3" is not a release tag vX.Y.Z');
    expect(() => versionOfTag(undefined, "1.2.3")).toThrow("no tag to release");
  });

  it("moves the major tag of a release, not of a pre-release", () => {
    expect(majorTag("1.4.2")).toBe("v1");
    expect(majorTag("0.1.0")).toBe("v0");
    expect(majorTag("2.0.0-rc.1")).toBeUndefined();
  });

  it("finds a tarball without the build, or with the repository's sources", () => {
    expect(tarballProblems(REQUIRED_FILES)).toEqual([]);
    expect(tarballProblems([...REQUIRED_FILES, "dist/types/plan.d.ts"])).toEqual([]);
    expect(
      tarballProblems([
        ...REQUIRED_FILES.filter((path) => path !== "dist/cli.js"),
        "src/index.ts",
        "examples/organization/okta.pem",
      ]),
    ).toEqual([
      "missing dist/cli.js",
      "should not hold src/index.ts",
      "should not hold examples/organization/okta.pem",
    ]);
  });
});

describe("npm's prepare", () => {
  it("builds the package when npm packs it (pack, publish, a git dependency), not on a clone's install", () => {
    expect(packing({ npm_command: "pack" })).toBe(true);
    expect(packing({ npm_command: "publish" })).toBe(true);
    // npm installing docsync from git: the clone's own install, then the packing of the clone.
    expect(packing({ npm_command: "install", _PACOTE_NO_PREPARE_: "git+file:///x" })).toBe(false);
    expect(packing({ npm_command: "install", npm_package_resolved: "/tmp/clone" })).toBe(true);
    expect(packing({ npm_command: "ci" })).toBe(false);
    expect(packing({ npm_command: "install" })).toBe(false);
  });
});

describe("a dry run of the release", { timeout: 300_000 }, () => {
  let registry: Server;
  let url: string;
  const asked: string[] = [];
  let version: string;

  beforeAll(async () => {
    version = (JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    // Whoever npm asks (who is logged in, the package's versions) hears "not logged in".
    registry = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      request.resume();
      response.writeHead(401, { "content-type": "application/json" }).end('{"error":"not logged in"}');
    });
    await new Promise<void>((done) => registry.listen(0, "127.0.0.1", done));
    url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((done) => registry?.close(done));
  });

  // npm's scripts off: dist/ is built (above), and the prepare script would build it again.
  const env = () => ({
    ...process.env,
    npm_config_registry: url,
    npm_config_ignore_scripts: "true",
    GITHUB_REF_NAME: "",
  });
  /** The script as the workflow starts it: its exit code and what it writes are the subject. */
  const releaseProcess = (args: string[]) =>
    run(process.execPath, [TSX, "scripts/release.ts", ...args], {
      cwd: ROOT,
      env: env(),
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  /** The script's command line run in this process: its npm and git calls are processes still. */
  const release = async (args: string[]) => {
    let stdout = "";
    let stderr = "";
    const code = await main(args, {
      env: env(),
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
    });
    return { code, stdout, stderr };
  };

  // The two at once: the refusal needs no build, and runs while this run's pack is made.
  it.concurrent("packs and checks the tarball, publishes it with provenance as a dry run, and names the tag it would move", async () => {
    // dist/ as this run's pack built it from the sources.
    await packedPackage();
    const result = await release(["--tag", `v${version}`, "--dry-run"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^Packed docsync ${version.replaceAll(".", "\\.")}: \\d+ files, each one the package needs\\.$`,
        "m",
      ),
    );
    expect(result.stdout).toContain(`+ docsync@${version}\n`);
    expect(result.stderr).toContain(`Publishing to ${url} with tag latest and public access (dry-run)`);
    const head = (await run("git", ["rev-parse", "HEAD"], { cwd: ROOT })).stdout.trim();
    expect(result.stdout).toContain(`Would move ${majorTag(version)} to ${head} (dry run).\n`);
    // Nothing was published: npm asked who is logged in, and sent no package.
    expect(asked.filter((request) => !request.startsWith("GET "))).toEqual([]);
  });

  it.concurrent("refuses a tag that is not the package's version, in one line, before it packs", async () => {
    const result = await releaseProcess(["--tag", "v99.0.0", "--dry-run"]);
    expect(result).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `Error: tag v99.0.0 does not match package.json's version ${version}: set "version" first\n`,
    });
  });
});

describe("the release workflow", () => {
  interface Step {
    run?: string;
    uses?: string;
    with?: Record<string, unknown>;
    env?: Record<string, string>;
  }
  const workflow = parse(readFileSync(join(ROOT, ".github/workflows/release.yml"), "utf8")) as {
    on: { push: { tags: string[] } };
    permissions: Record<string, string>;
    jobs: { release: { steps: Step[] } };
  };
  const steps = workflow.jobs.release.steps;

  it("runs on a tag v*, allowed to sign provenance and to move a tag, and nothing else", () => {
    expect(workflow.on).toEqual({ push: { tags: ["v*"] } });
    expect(workflow.permissions).toEqual({ contents: "write", "id-token": "write" });
  });

  it("publishes through scripts/release.ts for the tag, with the npm token, to npm", () => {
    const publish = steps.filter((step) => step.run?.includes("scripts/release.ts"));
    expect(publish).toHaveLength(1);
    expect(publish[0]!.run).toBe('npx tsx scripts/release.ts --tag "$GITHUB_REF_NAME"');
    expect(publish[0]!.env).toEqual({ NODE_AUTH_TOKEN: `\${{ secrets.NPM_TOKEN }}` });
    const node = steps.find((step) => step.uses === "actions/setup-node@v4")!;
    expect(node.with).toMatchObject({ "registry-url": "https://registry.npmjs.org" });
    // npm's provenance check needs the package to name the repository it is built in.
    const named = steps.findIndex((step) => step.run?.includes("npm pkg set repository.type=git"));
    expect(steps[named]?.run).toContain(`"repository.url=git+https://github.com/\${GITHUB_REPOSITORY}.git"`);
    expect(named).toBeLessThan(steps.indexOf(publish[0]!));
    // The sources are type-checked before anything is published: the build does not check them.
    const typeCheck = steps.findIndex((step) => step.run === "npx tsc --noEmit -p .");
    expect(typeCheck).toBeGreaterThanOrEqual(0);
    expect(typeCheck).toBeLessThan(steps.indexOf(publish[0]!));
    // The Action's bundle is checked before anything is published.
    const check = steps.findIndex((step) => step.run?.includes("git diff --exit-code -- dist-action/"));
    expect(check).toBeGreaterThanOrEqual(0);
    expect(check).toBeLessThan(steps.indexOf(publish[0]!));
  });
});
