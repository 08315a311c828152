// Real HTTP against a running emulator: one caller per user (or with no or a wrong token), and
// exact assertions on the service's error body. Requests go through undici's request() rather
// than fetch(), which spends twice the CPU on each exchange (its streams and objects) and these
// files send thousands.

import { request } from "undici";
import { expect } from "vitest";
import {
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator as start,
} from "../../src/emulator/index.ts";

/** An emulator as docsync's own tests use it: strict, so that a body field the API does not list is a 400. */
export const startEmulator = (options: EmulatorOptions = {}): Promise<RunningEmulator> =>
  start({ strict: true, ...options });
export type Emulator = RunningEmulator;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by assertions, not types.
export type Json = any;

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Json;
}

export type Call = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer>;

/** One exchange; a request that gets no answer (its connection closed or reset) fails with "no answer". */
export async function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Headers; text: string }> {
  let response: Awaited<ReturnType<typeof request>>;
  let text: string;
  try {
    response = await request(url, { method: method as "GET", headers, body });
    text = await response.body.text();
  } catch (error) {
    throw new Error(`no answer: ${(error as Error).message}`, { cause: error });
  }
  const answered = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      answered.append(name, one);
  }
  return { status: response.statusCode, headers: answered, text };
}

/** Calls `/v1<path>`; `null` sends no Authorization header. A body is sent as JSON. */
export function withToken(emulator: Emulator, token: string | null): Call {
  return async (method, path, body, extra = {}) => {
    const headers: Record<string, string> = { ...extra };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined && headers["content-type"] === undefined)
      headers["content-type"] = "application/json";
    const sent = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    const answer = await exchange(`${emulator.url}/v1${path}`, method, headers, sent);
    return { ...answer, body: answer.text === "" ? undefined : JSON.parse(answer.text) };
  };
}

export function as(emulator: Emulator, userId: string): Call {
  const token = emulator.tokens[userId];
  if (token === undefined) throw new Error(`no token for ${userId}`);
  return withToken(emulator, token);
}

export function expectError(answer: Answer, status: number, message: string): void {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: { error: { code: status, message } },
  });
}

export function expectStatus(answer: Answer, status: number): Json {
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
}

/** Every item of a listing, following `next` pages. */
export async function walk(
  call: Call,
  path: string,
  limit?: number,
): Promise<{ items: Json[]; pages: number }> {
  const items: Json[] = [];
  let page: string | undefined;
  let pages = 0;
  do {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set("limit", String(limit));
    if (page !== undefined) query.set("page", page);
    const separator = path.includes("?") ? "&" : "?";
    const body = expectStatus(await call("GET", query.size > 0 ? `${path}${separator}${query}` : path), 200);
    items.push(...body.items);
    pages += 1;
    page = body.next?.page;
  } while (page !== undefined);
  return { items, pages };
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const anIso = (): unknown => expect.stringMatching(ISO);
