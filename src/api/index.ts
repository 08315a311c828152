// The network side of docsync: the only code that talks to the service.

export { createApiClient } from "./client.ts";
export type {
  ApiClient,
  ApiClientOptions,
  ApiEvent,
  ApiRequest,
  Query,
  QueryValue,
  RetryOptions,
} from "./client-types.ts";
export * from "./endpoints.ts";
export { ApiError, type HttpMethod } from "./errors.ts";
export type { RecoverSpec } from "./recovery.ts";
export * from "./types.ts";
