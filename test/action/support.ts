// Runs the action's step with what the runner gives it: the inputs as INPUT_* variables and the
// runner's files ($GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY, $RUNNER_TEMP) in a temporary workspace.
// `run` runs it in this process, runAction (src/action/run.ts) with that environment and its
// standard output and error captured, as main.ts runs it; `runProcess` as the runner does: a real
// process, node on the bundle action.yml names (test/global-setup.ts makes it from the sources
// first, in node_modules/.cache), in the workspace, for the tests whose subject is that process.

import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runAction } from "../../src/action/run.ts";
import { ACTION_MAIN, ACTION_PATH } from "../support/action-bundle.ts";

export { ACTION_MAIN, ACTION_PATH };

/** The variable the runner sets for an input: `INPUT_`, spaces as `_`, uppercased (hyphens kept). */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;
}

export interface ActionRun {
  /** The step's exit code. */
  code: number;
  stdout: string;
  stderr: string;
  /** $GITHUB_OUTPUT as written, and read back. */
  outputFile: string;
  outputs: Record<string, string>;
  summary: string;
}

export interface Workspace {
  dir: string;
  /** Copies a folder of this repository into the workspace. */
  copy(from: string, to: string): Promise<void>;
  write(path: string, text: string): Promise<void>;
  /** The step, run in this process. */
  run(inputs: Record<string, string>, env?: Record<string, string>): Promise<ActionRun>;
  /** The step, run as the runner runs it: node on the bundle, a process of its own. */
  runProcess(inputs: Record<string, string>, env?: Record<string, string>): Promise<ActionRun>;
  close(): Promise<void>;
}

/** What a step's run prints, and the exit code it ends with. */
interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export async function workspace(): Promise<Workspace> {
  const dir = await mkdtemp(join(tmpdir(), "docsync-action-"));
  let runs = 0;
  /** The step with `inputs` and `env`, run by `runner` with the environment the runner sets. */
  async function step(
    inputs: Record<string, string>,
    env: Record<string, string>,
    runner: (env: NodeJS.ProcessEnv, cwd: string) => Promise<Ran>,
  ): Promise<ActionRun> {
    const n = ++runs;
    const outputPath = join(dir, `output-${n}`);
    const summaryPath = join(dir, `summary-${n}`);
    await writeFile(outputPath, "");
    await writeFile(summaryPath, "");
    const stepEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: dir,
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      RUNNER_TEMP: dir,
      ...env,
    };
    for (const [name, value] of Object.entries(inputs)) stepEnv[inputVariable(name)] = value;
    const { code, stdout, stderr } = await runner(stepEnv, dir);
    const outputFile = await readFile(outputPath, "utf8");
    return {
      code,
      stdout,
      stderr,
      outputFile,
      outputs: parseOutputFile(outputFile),
      summary: await readFile(summaryPath, "utf8"),
    };
  }
  return {
    dir,
    copy: (from, to) => cp(resolve(ACTION_PATH, from), join(dir, to), { recursive: true }),
    write: (path, text) => writeFile(join(dir, path), text),
    run: (inputs, env = {}) => step(inputs, env, runInProcess),
    runProcess: (inputs, env = {}) => step(inputs, env, spawnEntry),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * As main.ts runs the action, in this process: runAction with the step's environment, what it
 * writes to its standard output and error captured. The workspace is named by GITHUB_WORKSPACE.
 */
async function runInProcess(env: NodeJS.ProcessEnv): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const streams = {
    stdout: (text: string) => {
      stdout += text;
    },
    stderr: (text: string) => {
      stderr += text;
    },
  };
  // What the step would write past runAction's streams, to the process's own, is in its log too,
  // as it would be in a process's: taken while it runs (a file's tests run one at a time).
  const restore = [divert(process.stdout, streams.stdout), divert(process.stderr, streams.stderr)];
  try {
    const code = await runAction(env, streams);
    return { code, stdout, stderr };
  } finally {
    for (const undo of restore) undo();
  }
}

/** Sends what is written to `stream` to `to` instead, until the function it returns is called. */
function divert(stream: NodeJS.WriteStream, to: (text: string) => void): () => void {
  const write = stream.write;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    to(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const done = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (done) queueMicrotask(done);
    return true;
  }) as typeof stream.write;
  return () => {
    stream.write = write;
  };
}

/** As the runner runs a node action: node on action.yml's `main`, in the workspace. */
function spawnEntry(env: NodeJS.ProcessEnv, cwd: string): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [ACTION_MAIN],
      { cwd, env, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** Reads a $GITHUB_OUTPUT file back, as the runner does: `name=value` and `name<<DELIMITER` forms. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const end = lines.indexOf(delimiter!, index + 1);
      if (end === -1) throw new Error(`output ${name} has no closing delimiter`);
      outputs[name!] = lines.slice(index + 1, end).join("\n");
      index = end;
    } else if (line.includes("=")) {
      outputs[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
    }
  }
  return outputs;
}

/** stdout without the workflow commands that only frame it (masks, stop/resume of commands). */
export function commandsIn(stdout: string): string[] {
  return stdout.split("\n").filter((line) => line.startsWith("::"));
}
