// The progress of a real docsync process: at a terminal (a pseudo terminal made by `script`) an
// apply shows one updating line on the error stream; with the error stream redirected to a file,
// auto mode writes no progress there, and the output on the standard output is the same.

import { spawn } from "node:child_process";
import { once } from "node:events";
import { open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shellWords } from "../../src/render/shell-words.ts";
import { CLI_BUILD } from "../support/cli-build.ts";
import { sectionsConfig } from "../support/configs.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const EXECUTABLE = CLI_BUILD;
const ERASE = "\r\x1b[2K";
const CONFIG = sectionsConfig(80);

/** Runs docsync in `script`'s pseudo terminal; resolves with its exit code and all it wrote there. */
async function atTerminal(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; text: string }> {
  const command = shellWords([process.execPath, EXECUTABLE, ...args]);
  const child = spawn("script", ["-q", "-e", "-c", command, "/dev/null"], {
    env: { PATH: process.env.PATH, TERM: "xterm", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, text };
}

describe("progress of an apply of 80 sections", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("is one updating line at a terminal, gone before the last words", async () => {
    const config = await h.config(CONFIG);
    const { code, text } = await atTerminal(["apply", "-c", config, "--yes"], h.env);
    expect(code).toBe(0);
    expect(text).toContain(`${ERASE}Reading live state: `);
    expect(text).toContain(`${ERASE}Applying: 0/241 calls (0%)`);
    expect(text).toMatch(/\r\x1b\[2KApplying: 241\/241 calls \(100%\), [\d.]+\/s/);
    // The line never ends in a newline of its own: each drawing replaces the last.
    expect(text).not.toMatch(/Applying: [^\r\n]*\r?\n/);
    // It is taken away before the summary, and not drawn again after it.
    const last = text.slice(text.lastIndexOf(ERASE) + ERASE.length);
    expect(last).toContain("Apply complete: 161 changes in 241 calls");
    expect(last).not.toMatch(/Reading live state|Applying:/);
  });

  it("never lands in a redirected error stream in auto mode", async () => {
    const config = await h.config(CONFIG);
    const errorFile = join(await h.config("", "unused.yaml"), "..", "stderr.txt");
    const stderr = await open(errorFile, "w");
    const child = spawn(process.execPath, [EXECUTABLE, "apply", "-c", config, "--yes"], {
      env: { PATH: process.env.PATH, ...h.env },
      stdio: ["ignore", "pipe", stderr.fd],
    });
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const [code] = await once(child, "exit");
    await stderr.close();
    expect(code).toBe(0);
    expect(stdout).toContain("Apply complete: 161 changes in 241 calls");
    const written = await readFile(errorFile, "utf8");
    expect(written).not.toContain("\x1b[");
    expect(written).not.toMatch(/Applying|Reading live state/);
  });
});
