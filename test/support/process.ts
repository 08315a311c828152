// Runs the real docsync executable in a process of its own, for what only a process has:
// signals and exit codes.

import { type ChildProcess, spawn } from "node:child_process";
import { CLI_BUILD } from "./cli-build.ts";

const EXECUTABLE = CLI_BUILD;

export interface Spawned {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once the process has exited, with its exit code and when it exited (performance.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Resolves once the error stream holds `text`. */
  stderrHas(text: string): Promise<void>;
}

export function spawnDocsync(args: string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, [EXECUTABLE, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const waiting: { text: string; resolve: () => void }[] = [];
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    err += chunk.toString();
    for (const wait of waiting.filter((w) => err.includes(w.text))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => {
      child.on("exit", (code, signal) => resolve({ code, signal, at: performance.now() }));
    },
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    stderrHas: (text) =>
      err.includes(text) ? Promise.resolve() : new Promise((resolve) => waiting.push({ text, resolve })),
  };
}

/**
 * A `node` flag that makes the process look like Node.js `version` (`v18.20.4`) from its start:
 * `process.version` says so, and before Node.js 20 the global `File` (which undici uses) is gone.
 */
export function posingAs(version: string): string {
  const code = `Object.defineProperty(process, "version", { value: ${JSON.stringify(version)} });
if (Number(process.version.slice(1).split(".")[0]) < 20) delete globalThis.File;`;
  return `--import=data:text/javascript,${encodeURIComponent(code)}`;
}
