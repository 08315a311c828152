// The emulator of the benchmark, in a process of its own, as the real service runs on machines
// of its own: its work does not count as docsync's. Its request log (--log) tells what docsync
// sent.

import { spawn } from "node:child_process";

export async function startEmulatorProcess(token: string, latencyMs: number) {
  const child = spawn(
    process.execPath,
    ["bin/docsync.js", "emulator", "--port", "0", "--latency", String(latencyMs), "--token", token, "--log"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const requests: string[] = [];
  let buffered = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the emulator exited (${code})`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        const listening = /listening on (\S+)/.exec(line);
        if (listening) resolve(listening[1]!);
        if (/^(GET|POST|PUT|PATCH|DELETE) \/v1\//.test(line)) requests.push(line);
      }
    });
  });
  return {
    url,
    /** Requests logged since the last call, as reads and writes. */
    take() {
      const taken = requests.splice(0);
      const reads = taken.filter((line) => line.startsWith("GET ")).length;
      return { reads, writes: taken.length - reads };
    },
    stop: () => new Promise((resolve) => child.once("exit", resolve).kill("SIGINT")),
  };
}

/** Waits for the emulator to have logged everything it answered. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
