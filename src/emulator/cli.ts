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

/** Resolves once a signal has stopped the emulator. */
export async function runEmulator(
  options: EmulatorCliOptions,
  out: Writable = process.stdout,
): Promise<void> {
  const emulator = await start(options, out);
  const organization = emulator.state.organizations.get(emulator.organizationId);
  const others = Object.entries(emulator.tokens).filter(([, token]) => token !== emulator.token);
  out.write(
    [
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
    ].join("\n"),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await emulator.close();
  out.write("Emulator stopped.\n");
}
