// `docsync emulator`: starts the emulator, prints how to reach it, optionally logs each
// request, and runs until SIGINT or SIGTERM, then closes cleanly.

import type { Writable } from "node:stream";
import { DocsyncError } from "../errors.ts";
import type { RateLimitSettings, RequestLogEntry } from "./index.ts";
import { startEmulator } from "./index.ts";

export interface EmulatorCliOptions {
  port: number;
  fixture?: string;
  token?: string;
  latencyMs?: number;
  jitterMs?: number;
  replyJitterMs?: number;
  errorRate?: number;
  seed?: number;
  rateLimit?: RateLimitSettings;
  log: boolean;
  /** Unknown body fields are a 400 instead of being ignored. */
  strict?: boolean;
}

const logLine = (entry: RequestLogEntry): string => {
  const target = entry.query ? `${entry.path}?${entry.query}` : entry.path;
  const status = entry.status === 0 ? "---" : String(entry.status);
  const fault = entry.fault ? ` (fault: ${entry.fault})` : "";
  const ignored = entry.ignoredFields ? ` (ignored fields: ${entry.ignoredFields.join(", ")})` : "";
  return `${entry.method} ${target} ${status} ${Math.round(entry.durationMs)}ms${fault}${ignored}\n`;
};

async function start(options: EmulatorCliOptions, out: Writable) {
  try {
    return await startEmulator({
      port: options.port,
      strict: options.strict ?? false,
      ...(options.fixture !== undefined ? { fixture: options.fixture } : {}),
      ...(options.token !== undefined ? { token: options.token } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
      faults: {
        ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}),
        ...(options.jitterMs !== undefined ? { jitterMs: options.jitterMs } : {}),
        ...(options.replyJitterMs !== undefined ? { replyJitterMs: options.replyJitterMs } : {}),
        ...(options.errorRate !== undefined ? { errorRate: options.errorRate } : {}),
      },
      ...(options.log ? { onRequest: (entry: RequestLogEntry) => out.write(logLine(entry)) } : {}),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new DocsyncError(
        "emulator.port",
        `port ${options.port} is already in use; choose another with --port, or --port 0 for any free port`,
      );
    }
    throw error;
  }
}

/** A promise that resolves at the first SIGINT or SIGTERM, listening from the moment it is made. */
function firstSignal(): { received: Promise<void>; stopListening: () => void } {
  let stopListening = () => {};
  const received = new Promise<void>((resolve) => {
    const stop = () => {
      stopListening();
      resolve();
    };
    stopListening = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  return { received, stopListening };
}

/**
 * Resolves once a signal has stopped the emulator. The signals are handled before anything is
 * printed: whoever reads the banner may stop the emulator at once, and a signal that arrives
 * before the server is up stops it as soon as it is. `signalsHandled` is called once that is
 * so (the CLI hands the signals over from its own watcher then).
 */
export async function runEmulator(
  options: EmulatorCliOptions,
  out: Writable = process.stdout,
  signalsHandled: () => void = () => {},
): Promise<void> {
  const signal = firstSignal();
  signalsHandled();
  let stopped = false;
  void signal.received.then(() => {
    stopped = true;
  });
  let emulator: Awaited<ReturnType<typeof start>>;
  try {
    emulator = await start(options, out);
  } catch (error) {
    signal.stopListening();
    throw error;
  }
  if (!stopped) out.write(banner(emulator));
  await signal.received;
  await emulator.close();
  out.write("Emulator stopped.\n");
}

function banner(emulator: Awaited<ReturnType<typeof start>>): string {
  const organization = emulator.state.organizations.get(emulator.organizationId);
  const others = Object.entries(emulator.tokens).filter(([, token]) => token !== emulator.token);
  return [
    `Docs Platform API emulator listening on ${emulator.url}`,
    `Organization: ${emulator.organizationId} (${organization?.title})`,
    `Admin token:  ${emulator.token}`,
    ...others.map(([userId, token]) => `Token of ${userId}: ${token}`),
    "",
    `export DOCSYNC_API_URL=${emulator.url}`,
    `export DOCSYNC_TOKEN=${emulator.token}`,
    `export DOCSYNC_ORG=${emulator.organizationId}`,
    "",
    "Press Ctrl+C to stop.",
    "",
  ].join("\n");
}
