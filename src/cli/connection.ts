// The API connection of a command: base URL from --api-url or DOCSYNC_API_URL, token from
// DOCSYNC_TOKEN only (never a flag, so it stays out of shell history and process lists).

import { createApiClient } from "../api/client.ts";
import type { ApiClient } from "../api/client-types.ts";
import { DocsyncError } from "../errors.ts";

export interface ConnectionOptions {
  apiUrl?: string;
  parallelism?: number;
}

export function connect(options: ConnectionOptions, env: NodeJS.ProcessEnv = process.env): ApiClient {
  const baseUrl = options.apiUrl ?? env.DOCSYNC_API_URL;
  if (!baseUrl) {
    throw new DocsyncError("cli.no-api-url", "No API URL: pass --api-url or set DOCSYNC_API_URL.");
  }
  const token = env.DOCSYNC_TOKEN;
  if (!token) throw new DocsyncError("cli.no-token", "No API token: set DOCSYNC_TOKEN.");
  return createApiClient({ baseUrl, token, parallelism: options.parallelism ?? 8 });
}
