// Shared set-up of the sites conformance tests: a real emulator on 127.0.0.1, called over HTTP
// (http.ts) as a given user (or with no or a wrong token), and small builders for the
// sites, sections and site spaces the tests start from.

import { expect } from "vitest";
import { publishedHost } from "../../src/emulator/core/render.ts";
import { exchange, startEmulator } from "./http.ts";

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;
export { startEmulator };

export const ORG = "/orgs/org_acme";
export const SITES = `${ORG}/sites`;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions, not by types.
export type Json = any;

export interface Answer {
  status: number;
  body: Json;
  text: string;
}

export type Caller = (method: string, path: string, body?: unknown) => Promise<Answer>;

/** Calls `/v1<path>` with the given bearer token; `null` sends no Authorization header. */
export function callerWith(emulator: Emulator, token: string | null): Caller {
  return async (method, path, body) => {
    const headers: Record<string, string> = {};
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const sent = body === undefined ? undefined : JSON.stringify(body);
    const { status, text } = await exchange(`${emulator.url}/v1${path}`, method, headers, sent);
    return { status, text, body: text === "" ? undefined : JSON.parse(text) };
  };
}

/** The caller acting as a fixture user (`usr_ada` is admin of org_acme, `usr_eddie` may edit). */
export function callerAs(emulator: Emulator, userId: string): Caller {
  const token = emulator.tokens[userId];
  if (!token) throw new Error(`the fixture has no token for ${userId}`);
  return callerWith(emulator, token);
}

/** Asserts the service's error body and status exactly. */
export function expectError(answer: Answer, status: number, message: string): void {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: { error: { code: status, message } },
  });
}

/** The server's answers to a missing token (`null`) and to a token of no user. */
export function expectUnauthorized(answer: Answer, token: "missing" | "unknown"): void {
  const message =
    token === "missing"
      ? "missing credentials: send the header Authorization: Bearer <token>"
      : "invalid token: it does not belong to any user";
  expectError(answer, 401, message);
}

export function expectStatus(answer: Answer, status: number): Json {
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}

/** The published URL of org_acme's sites, whatever hostname the fixture gives the organization. */
export function acmeHost(emulator: Emulator): string {
  return publishedHost(emulator.state, "org_acme");
}

export async function createSite(call: Caller, body: Record<string, unknown> = {}): Promise<Json> {
  return expectStatus(await call("POST", SITES, body), 201);
}

export async function createSection(
  call: Caller,
  siteId: string,
  body: Record<string, unknown>,
): Promise<Json> {
  return expectStatus(await call("POST", `${SITES}/${siteId}/sections`, body), 201);
}

export async function createSiteSpace(
  call: Caller,
  siteId: string,
  body: Record<string, unknown>,
): Promise<Json> {
  return expectStatus(await call("POST", `${SITES}/${siteId}/site-spaces`, body), 201);
}

/** Every item of a listing, following `next` with the given page size. */
export async function listAll(call: Caller, path: string, limit?: number): Promise<Json[]> {
  const items: Json[] = [];
  let page: string | undefined;
  do {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set("limit", String(limit));
    if (page !== undefined) query.set("page", page);
    const separator = path.includes("?") ? "&" : "?";
    const body = expectStatus(await call("GET", `${path}${query.size > 0 ? separator + query : ""}`), 200);
    items.push(...body.items);
    page = body.next?.page;
  } while (page !== undefined);
  return items;
}

export const ids = (items: Json[]): string[] => items.map((item) => item.id);
