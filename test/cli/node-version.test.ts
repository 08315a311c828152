// An older Node.js gets one line saying which docsync needs, and exit code 1, before anything
// that needs a newer one is loaded. Run as a process of its own whose `process.version` says an
// older version, and which lacks what Node.js 18 lacks (the global `File` that undici uses).

import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { MINIMUM_NODE, nodeVersionProblem } from "../../src/cli/node-version.ts";
import { posingAs } from "../support/process.ts";

const BIN = fileURLToPath(new URL("../../bin/docsync.js", import.meta.url));
const MAIN = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));

/** Runs node with `flags` on `script`, resolving with the exit code and both streams. */
async function node(flags: string[], script: string, args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...flags, script, ...args], {
      env: { PATH: process.env.PATH },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the Node.js version", () => {
  it("is checked against the version package.json's engines gives", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
    expect(manifest.engines.node).toBe(`>=${MINIMUM_NODE.join(".")}`);
    expect(nodeVersionProblem("v18.20.4")).toBe("docsync needs Node.js 20.18 or newer; this is 18.20.4");
    expect(nodeVersionProblem("v20.17.9")).toBe("docsync needs Node.js 20.18 or newer; this is 20.17.9");
    expect(nodeVersionProblem("v16.0.0")).toMatch(/this is 16\.0\.0$/);
    for (const version of ["v20.18.0", "v20.19.1", "v21.0.0", "v22.12.0", "v24.1.0", "v100.0.0"])
      expect(nodeVersionProblem(version), version).toBeUndefined();
  });

  it("stops bin/docsync.js first thing on an older one, with one line and exit code 1", async () => {
    for (const version of ["v18.20.4", "v20.17.0"]) {
      const result = await node([posingAs(version)], BIN, ["plan", "--format", "json"]);
      expect(result).toEqual({
        code: 1,
        stdout: "",
        stderr: `Error: docsync needs Node.js 20.18 or newer; this is ${version.slice(1)}\n`,
      });
    }
    const recent = await node([posingAs("v20.18.0")], BIN, ["--version"]);
    expect(recent.code).toBe(0);
    expect(recent.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("stops the CLI's entry (what dist/cli.js is built from) before it loads anything else", async () => {
    // tsx first, as bin/docsync.js registers it, so that only the entry's own check stands.
    const result = await node(["--import=tsx", posingAs("v18.20.4")], MAIN, ["plan", "-c", "nowhere.yaml"]);
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "Error: docsync needs Node.js 20.18 or newer; this is 18.20.4\n",
    });
  });
});
