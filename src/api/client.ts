// The API client: authenticates, bounds concurrency, retries what is safe to retry, recovers
// creates whose answer was lost, and turns every failure into an ApiError that names the call.

import { DocsyncError } from "../errors.ts";
import { Redactor } from "../secrets/redactor.ts";
import { USER_AGENT } from "../version.ts";
import type { ApiClient, ApiClientOptions, ApiRequest, Query } from "./client-types.ts";
import { MAX_PAGE_SIZE } from "./pagination.ts";
import { DEFAULT_PARALLELISM } from "./parallelism.ts";
import { DEFAULT_RETRY, type RetrySettings } from "./retry.ts";
import { ApiSession, type ClientSetup } from "./session.ts";
import { DEFAULT_TIMEOUT_MS } from "./timeout.ts";
import { createTransport } from "./transport.ts";
import { resolveApiRoot } from "./url.ts";

// Callers may take the client's types from here as well as from client-types.ts.
export type { ApiClient, ApiClientOptions, ApiEvent, ApiRequest, Query } from "./client-types.ts";

export { DEFAULT_TIMEOUT_MS } from "./timeout.ts";

export function createApiClient(options: ApiClientOptions): ApiClient {
  const session = new ApiSession(clientSetup(options));
  const { transport, parallelism } = session.setup;
  return {
    get: async <T>(path: string, query?: Query) =>
      (await session.execute({ method: "GET", path, query })).body as T,
    list: <T>(path: string, query?: Query) => session.listAll(path, query) as Promise<T[]>,
    send: async <T>(request: ApiRequest) => (await session.executeOrAlternate(request)).body as T | undefined,
    prepare: (requests) => transport.warm(Math.min(requests, parallelism)),
    close: () => transport.close(),
  };
}

/** Checks the options (the token first: nothing is sent without one) and opens the pool. */
function clientSetup(options: ApiClientOptions): ClientSetup {
  const token = options.token;
  if (typeof token !== "string" || token.trim() === "") {
    throw new DocsyncError("api.no-token", "No API token was given; set one to talk to the service.");
  }
  if (/[\r\n]/.test(token)) throw new DocsyncError("api.bad-token", "The API token contains a line break.");
  const root = resolveApiRoot(options.baseUrl);
  // Checked where the user gives it (--parallelism): the client takes it as given.
  const parallelism = options.parallelism ?? DEFAULT_PARALLELISM;
  const settings: RetrySettings = { ...DEFAULT_RETRY };
  for (const [key, value] of Object.entries(options.retry ?? {})) {
    if (value !== undefined) settings[key as keyof RetrySettings] = value;
  }
  settings.maxAttempts = positiveInteger(settings.maxAttempts, "retry.maxAttempts");
  const transport = createTransport({
    origin: root.origin,
    connections: parallelism,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.proxy ? { proxy: options.proxy } : {}),
    headers: {
      authorization: `Bearer ${token}`,
      "user-agent": options.userAgent ?? USER_AGENT,
    },
  });
  return {
    root,
    parallelism,
    settings,
    pageSize: Math.min(positiveInteger(options.pageSize ?? MAX_PAGE_SIZE, "pageSize"), MAX_PAGE_SIZE),
    random: options.random ?? Math.random,
    // The run's one rule of redaction, in every form, applied to the token where it first could leak.
    tokenRedactor: new Redactor([token]),
    transport,
    onEvent: options.onEvent,
  };
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new DocsyncError("api.invalid-option", `The API client option ${name} must be a positive integer.`);
  }
  return value;
}
