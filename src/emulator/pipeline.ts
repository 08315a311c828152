// What the emulator answers to one request, in the order a real service decides it: a cut
// (the client is gone), latency, authentication, rate limit, routing, body, injected faults, then
// the handler, and a delay before the answer goes back. Errors a handler raises on purpose
// (HttpError) become the service's error body; anything else is a bug in the emulator, answered
// 500 with a generic message and logged with its stack.

import { STATUS_CODES } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { withBodyPolicy } from "./core/body-policy.ts";
import type { HttpMethod, Reply } from "./core/context.ts";
import { HttpError } from "./core/http-error.ts";
import type { EmulatorState, UserRecord } from "./core/state.ts";
import type { FaultInjector } from "./faults.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { decodeParams, type Match, type Router } from "./router.ts";

export interface Pipeline {
  state: EmulatorState;
  router: Router;
  faults: FaultInjector;
  limiter: RateLimiter;
  /** Unknown body fields are a 400 instead of being ignored and recorded. */
  strict: boolean;
}

export interface IncomingCall {
  method: string;
  /** As requested, e.g. `/v1/orgs`. */
  path: string;
  query: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
  /** The body was over the size limit; `body` is then empty. */
  bodyTooLarge: boolean;
}

export type Outcome = { reply?: Reply; fault?: string; route?: string; ignoredFields?: string[] };

export const MAX_BODY_BYTES = 1024 * 1024;

const errorReply = (status: number, message: string, headers: Record<string, string> = {}): Reply => ({
  status,
  body: { error: { code: status, message } },
  headers,
});

function authenticate(state: EmulatorState, authorization: string | undefined): UserRecord {
  const challenge = { "www-authenticate": "Bearer" };
  const token = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
  if (token === undefined) {
    throw new HttpError(401, "missing credentials: send the header Authorization: Bearer <token>", challenge);
  }
  const user = state.users.get(state.tokens.get(token) ?? "");
  if (!user) throw new HttpError(401, "invalid token: it does not belong to any user", challenge);
  return user;
}

function parseJson(call: IncomingCall): unknown {
  if (call.bodyTooLarge)
    throw new HttpError(413, `request body: larger than ${MAX_BODY_BYTES} bytes (1 MiB)`);
  if (call.body.length === 0) return undefined;
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(call.contentType ?? "")) {
    throw new HttpError(415, "request body: Content-Type must be application/json");
  }
  try {
    return JSON.parse(call.body.toString("utf8"));
  } catch (error) {
    throw new HttpError(400, `request body: malformed JSON: ${(error as Error).message}`);
  }
}

const relativePath = (path: string): string | undefined =>
  path.startsWith("/v1/") ? path.slice("/v1".length) : undefined;

/** Authentication, the rate limit and routing: who asks, and which route answers. */
function admit(pipeline: Pipeline, call: IncomingCall, match: Match, headers: Record<string, string>) {
  const user = authenticate(pipeline.state, call.authorization);
  const verdict = pipeline.limiter.take(user.id);
  Object.assign(headers, verdict?.headers);
  if (verdict?.retryAfterSeconds !== undefined) {
    const wait = verdict.retryAfterSeconds;
    throw new HttpError(429, `rate limit exceeded: please try again later (in about ${wait} seconds)`, {
      "retry-after": String(wait),
    });
  }
  if (match.kind === "none") throw new HttpError(404, `no route for ${call.method} ${call.path}`);
  if (match.kind === "method-not-allowed") {
    throw new HttpError(405, `method ${call.method} is not allowed on ${call.path}`, {
      allow: match.allow.join(", "),
    });
  }
  return { user, route: match.route, params: decodeParams(match.params) };
}

const injectedMessage = (status: number): string =>
  `${status === 429 ? "too many requests; please try again later" : (STATUS_CODES[status] ?? "error")} (injected fault)`;

function failure(error: unknown, call: IncomingCall, headers: Record<string, string>): Reply {
  if (error instanceof HttpError)
    return errorReply(error.status, error.message, { ...headers, ...error.headers });
  process.stderr.write(
    `docsync emulator: internal error on ${call.method} ${call.path}\n${(error as Error).stack}\n`,
  );
  return errorReply(500, "internal error in the emulator", headers);
}

/**
 * A write may change what any rendered item shows, so the render cache is emptied before it
 * (its own answer renders the new state) and after it, failed or not (items rendered while it
 * ran are not kept). Reads leave the cache alone.
 */
function forgettingRenders(
  state: EmulatorState,
  writes: boolean,
  run: () => Reply | Promise<Reply>,
): Reply | Promise<Reply> {
  if (!writes) return run();
  state.renderCache.clear();
  let handled: Reply | Promise<Reply>;
  try {
    handled = run();
  } finally {
    state.renderCache.clear();
  }
  return handled instanceof Promise ? handled.finally(() => state.renderCache.clear()) : handled;
}

/** The answer to `call`; an outcome without a reply means: destroy the connection. */
export async function answer(pipeline: Pipeline, call: IncomingCall): Promise<Outcome> {
  const { state, faults } = pipeline;
  const relative = relativePath(call.path);
  const match: Match =
    relative === undefined ? { kind: "none" } : pipeline.router.match(call.method, relative);
  const pattern = match.kind === "route" ? match.route.path : undefined;
  const outcome: Outcome = pattern ? { route: `${call.method} ${pattern}` } : {};
  // Rate-limit headers go on every answer once the caller is known, errors included.
  const headers: Record<string, string> = {};
  try {
    if (faults.isCut()) return { ...outcome, fault: "cut" };
    // No timer at all without latency: even one of 0 ms holds each answer a millisecond.
    const latency = faults.latencyMs({ method: call.method, path: call.path, route: pattern });
    if (latency > 0) await sleep(latency);
    // From here to the handler's reply nothing waits, so no request slips past a cut.
    if (faults.isCut()) return { ...outcome, fault: "cut" };
    const { user, route, params } = admit(pipeline, call, match, headers);
    const body = parseJson(call);

    const fault = faults.decide({ method: call.method, path: call.path, route: route.path });
    if (fault?.kind === "reset") return { ...outcome, fault: "reset" };
    if (fault?.kind === "status") {
      outcome.fault = "status";
      const retry: Record<string, string> =
        fault.retryAfterSeconds === undefined ? {} : { "retry-after": String(fault.retryAfterSeconds) };
      throw new HttpError(fault.status, fault.message ?? injectedMessage(fault.status), retry);
    }

    state.purgeExpiredSpaces();
    const query = new URLSearchParams(call.query);
    const policy = { strict: pipeline.strict, ignored: [] };
    const handled = forgettingRenders(state, call.method !== "GET", () =>
      withBodyPolicy(policy, () =>
        route.handler({ method: call.method as HttpMethod, params, query, body, user, state }),
      ),
    );
    // No await for a handler that answers at once: nothing may run between it and the cut check.
    const reply = handled instanceof Promise ? await handled : handled;
    if (policy.ignored.length > 0) outcome.ignoredFields = policy.ignored;
    // The write that completes a cut is made, and its answer lost with the connection.
    if (call.method !== "GET" && reply.status < 300 && faults.countWrite())
      return { ...outcome, fault: "cut" };
    if (fault?.kind === "after-commit" && reply.status < 300) {
      // The change stays made: only the answer is lost, as when a server fails while replying.
      outcome.fault = "after-commit";
      outcome.reply = errorReply(fault.status, injectedMessage(fault.status), headers);
    } else {
      outcome.reply = { ...reply, headers: { ...headers, ...reply.headers } };
    }
  } catch (error) {
    outcome.reply = failure(error, call, headers);
  }
  const hold = faults.replyDelayMs({ method: call.method, path: call.path, route: pattern });
  if (hold > 0) {
    await sleep(hold);
    // A client cut off meanwhile never reads the answer of what was carried out for it.
    if (faults.isCut()) return { ...outcome, reply: undefined, fault: "cut" };
  }
  return outcome;
}
