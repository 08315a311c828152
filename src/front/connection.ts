// The API connection of a command: base URL from --api-url or DOCSYNC_API_URL, token from
// DOCSYNC_TOKEN only (never a flag, so it stays out of shell history and process lists).

import { createApiClient } from "../api/client.ts";
import type { ApiClient, ApiEvent } from "../api/client-types.ts";
import { parseTimeout, TIMEOUT_RANGE } from "../api/timeout.ts";
import { proxySettings } from "../api/transport.ts";
import { DocsyncError } from "../errors.ts";
import type { Output } from "./output.ts";
import { waitLine } from "./progress.ts";
import { ANNOUNCED_WAIT_MS, type ProgressMode } from "./progress-display.ts";

export interface ConnectionOptions {
  apiUrl?: string;
  parallelism?: number;
  /** Seconds to wait for each request's answer (--timeout); else DOCSYNC_TIMEOUT, else the client's. */
  timeout?: number;
  /** Print every request, retry and recovery to the error stream (a route found absent is always told). */
  verbose?: boolean;
  /** `--progress`: how the progress of reading and applying is shown (progress-display.ts). */
  progress?: ProgressMode;
}

/** One line per API event, for --verbose. Events never carry the token or request bodies. */
function describeEvent(event: ApiEvent): string {
  switch (event.type) {
    case "request":
      return `${event.method} ${event.path} → ${event.status ?? event.error ?? "no answer"} (${event.durationMs} ms)`;
    case "retry":
      return `${event.method} ${event.path}: ${event.reason}; retrying in ${event.waitMs} ms`;
    case "alternate":
      return `${event.method} ${event.path} → ${event.status}: the service has no route ${event.route}; sending its other form instead, for the rest of the run (${event.instead})`;
    case "recovered":
      return `${event.method} ${event.path}: the create went through after all (${event.list} shows ${event.id})`;
    case "adopted":
      return `${event.method} ${event.path} → ${event.reason}: another run made it meanwhile, as configured; taken as made (${event.list} shows ${event.id})`;
  }
}

/** The base URL of the API: --api-url, else DOCSYNC_API_URL. */
export function apiBaseUrl(options: ConnectionOptions, env: NodeJS.ProcessEnv): string {
  const baseUrl = options.apiUrl ?? env.DOCSYNC_API_URL;
  if (!baseUrl) {
    throw new DocsyncError("cli.no-api-url", "No API URL: pass --api-url or set DOCSYNC_API_URL.");
  }
  return baseUrl;
}

function timeoutFromEnvironment(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.DOCSYNC_TIMEOUT;
  if (text === undefined || text === "") return undefined;
  const value = parseTimeout(text);
  if (value === undefined) {
    throw new DocsyncError(
      "cli.usage",
      `DOCSYNC_TIMEOUT must be a number of seconds from ${TIMEOUT_RANGE.min} to ${TIMEOUT_RANGE.max} (got ${JSON.stringify(text)}).`,
    );
  }
  return value;
}

/** Counts the requests a client sends: each attempt of each request, answered or not. */
export class RequestCounter {
  sent = 0;
  readonly listen = (event: ApiEvent): void => {
    if (event.type === "request") this.sent += 1;
  };
}

export { ANNOUNCED_WAIT_MS };

/**
 * What a run prints of the client's events: with --verbose every event; without, a route found
 * absent, whose other form the run sends from then on (the client reports each route once), and
 * a wait before a retry long enough to look like a hang. All of it on the error stream.
 */
export function eventPrinter(verbose: boolean, output: Output): (event: ApiEvent) => void {
  return (event) => {
    if (verbose) output.err(`[api] ${describeEvent(event)}\n`);
    else if (event.type === "retry" && event.waitMs > ANNOUNCED_WAIT_MS) {
      // With a progress display, the wait is one of its events (on the line at a terminal).
      if (output.progress) return;
      const request = `${event.method} ${event.path}`;
      output.err(waitLine({ type: "wait", seconds: event.waitMs / 1000, reason: event.reason, request }));
    } else if (event.type === "alternate") {
      output.err(
        `Note: this service has no route ${event.route} (${event.method} ${event.path} answered ${event.status}); ` +
          `docsync sends its other form instead, for the rest of the run: ${event.instead}\n`,
      );
    }
  };
}

/**
 * undici reads answers with an HTTP parser in WebAssembly, which V8 compiles at once with its
 * quick compiler (Liftoff). Once the parser is hot, V8 compiles it again with its optimising
 * compiler on a background thread, and Node.js waits for that compile before the process ends:
 * for a command's few hundred answers it costs more than it saves, a fifth of a second of CPU and
 * a process that lingers after its last word (up to a second on a busy machine). The flag keeps
 * the quick compile; set before the first connection compiles the parser. It holds for the whole
 * process, so the CLI sets it, never the library.
 */
export function keepQuickHttpParser(): void {
  process.getBuiltinModule("node:v8").setFlagsFromString("--liftoff-only");
}

/** `counter`: told of every request, for reports that say how many were sent. */
export function connect(
  options: ConnectionOptions,
  env: NodeJS.ProcessEnv,
  output?: Output,
  counter?: RequestCounter,
): ApiClient {
  const baseUrl = apiBaseUrl(options, env);
  const token = env.DOCSYNC_TOKEN;
  if (!token) throw new DocsyncError("cli.no-token", "No API token: set DOCSYNC_TOKEN.");
  const listeners: ((event: ApiEvent) => void)[] = [];
  if (output) listeners.push(eventPrinter(options.verbose === true, output));
  if (output?.progress) {
    output.progress.start(options.progress, env);
    listeners.push(output.progress.apiEvent);
  }
  if (counter) listeners.push(counter.listen);
  const timeout = options.timeout ?? timeoutFromEnvironment(env);
  keepQuickHttpParser();
  return createApiClient({
    baseUrl,
    token,
    parallelism: options.parallelism,
    ...(timeout === undefined ? {} : { timeoutMs: Math.round(timeout * 1000) }),
    proxy: proxySettings(env),
    ...(listeners.length > 0
      ? {
          onEvent: (event: ApiEvent) => {
            for (const listen of listeners) listen(event);
          },
        }
      : {}),
  });
}
