// Shared set-up of the client tests: a real emulator on 127.0.0.1 and a client that records its
// events, plus helpers to read the emulator's request log whatever form its paths take.

import { createApiClient } from "../../src/api/client.ts";
import type { ApiClient, ApiClientOptions, ApiEvent } from "../../src/api/client-types.ts";
import { startEmulator } from "../../src/emulator/index.ts";

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;

export { startEmulator };

/** Everything any client of these tests saw, to check that no token leaked into it. */
export const seen = { events: [] as ApiEvent[], errors: [] as unknown[] };

export interface TestClient {
  api: ApiClient;
  events: ApiEvent[];
}

export function clientFor(emulator: Emulator, options: Partial<ApiClientOptions> = {}): TestClient {
  const events: ApiEvent[] = [];
  const api = createApiClient({
    baseUrl: emulator.url,
    token: emulator.token,
    // Fast retries keep the tests quick; the waits the service asks for are still honoured.
    retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 5_000 },
    random: () => 0.5,
    ...options,
    onEvent: (event) => {
      events.push(event);
      seen.events.push(event);
    },
  });
  return { api, events };
}

/** Runs a call that must fail and returns its error, kept for the token check. */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    seen.errors.push(error);
    return error as Error;
  }
  throw new Error("expected the call to fail");
}

/** A logged path without query and without the `/v1` prefix. */
export function bare(path: string): string {
  return path.split("?")[0]!.replace(/^\/v1(?=\/)/, "");
}

/** The logged requests with this method on exactly this path (under /v1). */
export function logged(emulator: Emulator, method: string, path: string) {
  return emulator.requests.filter((entry) => entry.method === method && bare(entry.path) === path);
}
