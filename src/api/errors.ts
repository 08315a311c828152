// The one error type of the API client, and the wording of its messages. Every message names the
// operation (`METHOD /path`) and what went wrong, so a user can act on it without a stack trace.

import { DocsyncError, type ErrorCode } from "../errors.ts";
import type { NetworkErrorCode } from "./transport.ts";

/** The reason phrase of a status: node:http is loaded only when a message names one (validate never does). */
function reasonPhrase(status: number): string | undefined {
  return process.getBuiltinModule("node:http").STATUS_CODES[status];
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiErrorDetails {
  method: HttpMethod;
  /** The path under `{base}/v1`, without query. */
  path: string;
  /** HTTP status, or undefined when no response arrived (network failure, timeout). */
  status?: number;
  /** The service's own message, from `{"error": {"message"}}` or a short plain-text body. */
  apiMessage?: string;
  /** How many times the request was sent. */
  attempts?: number;
  /** True when a create failed in a way that may have applied it on the service. */
  outcomeUnknown?: boolean;
  /** The answer came but could not be read (not JSON, not a page): `api.bad-answer`. */
  unreadable?: boolean;
  /** No answer came, for a reason with a code of its own (a timeout, TLS); else `api.network`. */
  network?: NetworkErrorCode | undefined;
}

/** The error code of a failed request: what a pipeline tells apart (a bad token, the network, …). */
export function apiErrorCode(details: ApiErrorDetails): ErrorCode {
  const { status } = details;
  if (details.outcomeUnknown) return "api.outcome-unknown";
  if (details.unreadable) return "api.bad-answer";
  if (status === undefined) return details.network ?? "api.network";
  if (status === 401) return "api.unauthorized";
  if (status === 403) return "api.forbidden";
  if (status === 404) return "api.not-found";
  if (status === 429) return "api.rate-limited";
  return status >= 500 ? "api.unavailable" : "api.rejected";
}

export class ApiError extends DocsyncError {
  override readonly name = "ApiError";
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number | undefined;
  readonly apiMessage: string | undefined;
  readonly attempts: number;
  readonly outcomeUnknown: boolean;
  /**
   * The API root the request went to (`https://api.example.com/v1`), set by the client: for a
   * message that blames the API URL itself (absent-route.ts).
   */
  apiRoot: string | undefined;

  constructor(details: ApiErrorDetails, message: string, options: { cause?: unknown } = {}) {
    super(apiErrorCode(details), message, options);
    this.method = details.method;
    this.path = details.path;
    this.status = details.status;
    this.apiMessage = details.apiMessage;
    this.attempts = details.attempts ?? 1;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
  }
}

/** One failed attempt, whatever its form: an error status or no answer at all. */
export interface Failure {
  status: number | undefined;
  /** `503 Service Unavailable` or `connection reset`. */
  reason: string;
  apiMessage: string | undefined;
  retryable: boolean;
  /** The request may have been applied although it failed. */
  ambiguous: boolean;
  cause: Error | undefined;
  /** For a failure without an answer: its own error code, if it has one (transport.ts). */
  code?: NetworkErrorCode | undefined;
}

/** The error for a request that failed for good. `checkedList`: a listing showed a create did not happen. */
export function failedError(
  method: HttpMethod,
  path: string,
  failure: Failure,
  attempts: number,
  checkedList?: string,
): ApiError {
  let message = failureMessage(method, path, failure, attempts);
  if (checkedList !== undefined) message += `; GET ${checkedList} shows it was not created`;
  const { status, apiMessage, cause } = failure;
  return new ApiError({ method, path, status, apiMessage, attempts, network: failure.code }, message, {
    cause,
  });
}

/** The error for a create that may or may not have happened; `list` is where to look. */
export function outcomeUnknownError(
  method: HttpMethod,
  path: string,
  failure: Failure,
  attempts: number,
  list: string,
  why?: string,
): ApiError {
  const message =
    `${failureMessage(method, path, failure, attempts)}. The outcome is unknown: the service may have ` +
    `applied this create before failing${why === undefined ? "" : `; ${why}`}. docsync did not send it again, ` +
    `since that could make a duplicate; check GET ${list} for the item before running again.`;
  const { status, apiMessage, cause } = failure;
  return new ApiError({ method, path, status, apiMessage, attempts, outcomeUnknown: true }, message, {
    cause,
  });
}

/** The error of a request given up on (ApiRequest.signal): whether it was made may be unknown. */
export function abandonedError(
  method: HttpMethod,
  path: string,
  failure: Failure,
  attempts: number,
  ambiguous: boolean,
): ApiError {
  const outcome = ambiguous
    ? "it may or may not have been carried out"
    : `it was not carried out (last answer: ${failure.reason})`;
  return new ApiError(
    {
      method,
      path,
      status: failure.status,
      apiMessage: failure.apiMessage,
      attempts,
      outcomeUnknown: ambiguous,
    },
    `${method} ${path} was given up on after ${attempts} attempt(s): ${outcome}.`,
  );
}

/** `POST /orgs/o/teams failed: 503 Service Unavailable (after 5 attempts)` */
function failureMessage(method: HttpMethod, path: string, failure: Failure, attempts: number): string {
  const message =
    failure.status === undefined
      ? `${method} ${path} failed: ${failure.reason}`
      : httpFailureMessage(method, path, failure.status, failure.apiMessage);
  return attempts > 1 ? `${message} (after ${attempts} attempts)` : message;
}

/** `400 Bad Request` */
export function describeStatus(status: number): string {
  const text = reasonPhrase(status);
  return text === undefined ? String(status) : `${status} ${text}`;
}

/** `PATCH /orgs/o/sites/s failed: 400 Bad Request: title must be 2 to 128 characters` */
export function httpFailureMessage(
  method: string,
  path: string,
  status: number,
  apiMessage?: string,
): string {
  const described = describeStatus(status);
  // Proxies' error pages often just repeat the status line; saying it twice helps nobody.
  const redundant =
    apiMessage === undefined ||
    apiMessage === "" ||
    apiMessage === described ||
    apiMessage === reasonPhrase(status);
  return `${method} ${path} failed: ${described}${redundant ? "" : `: ${apiMessage}`}`;
}

const MAX_MESSAGE = 300;

/**
 * The human part of an error body. The service sends `{"error": {"code", "message"}}`, but
 * proxies and load balancers in front of it answer with plain text, HTML or other JSON, so
 * anything else is reduced to something short and readable, or nothing.
 */
export function extractApiMessage(body: string): string | undefined {
  const text = body.trim();
  if (text === "") return undefined;
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      return clip(messageFromJson(JSON.parse(text)) ?? text);
    } catch {
      // Not JSON after all: fall through to plain text.
    }
  }
  if (text.startsWith("<")) {
    // An HTML error page: its title is usually the only readable part.
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    return title === undefined || title === "" ? undefined : clip(title);
  }
  return clip(text.replace(/\s+/g, " "));
}

function messageFromJson(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const error = record.error;
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null) {
    const message = (error as Record<string, unknown>).message;
    if (typeof message === "string") return message;
  }
  if (typeof record.message === "string") return record.message;
  return undefined;
}

const RUN_CHARACTER = /[A-Za-z0-9+/=]/;

/**
 * Shortens a long message without cutting a word in two: a message may quote a secret (a
 * certificate), and a secret is recognized by its lines and pieces, not by a few characters
 * left over at the cut.
 */
function clip(text: string): string {
  if (text.length <= MAX_MESSAGE) return text;
  let end = MAX_MESSAGE - 1;
  const splitsRun = (at: number) =>
    RUN_CHARACTER.test(text[at] ?? "") && RUN_CHARACTER.test(text[at - 1] ?? "");
  let start = end;
  while (start > 0 && splitsRun(start)) start--;
  if (start > 0) end = start;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** An answer saying the item is gone or out of the token's reach (404 or 403): an export, a
 * check or a count then goes on without it. */
export function isGoneOrHidden(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/** An answer saying the service has no such route (404 or 405): a feature it does not offer. */
export function isNotOffered(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}
