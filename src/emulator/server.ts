// The HTTP side: a node:http server with keep-alive that reads each request (bounding its
// body), has the pipeline decide the answer, writes it, and logs the exchange.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Reply } from "./core/context.ts";
import { JsonText } from "./core/json-text.ts";
import { answer, type IncomingCall, MAX_BODY_BYTES, type Pipeline } from "./pipeline.ts";
import type { ExchangeBodies, RequestLog, RequestLogEntry } from "./request-log.ts";

export interface ServerParts extends Pipeline {
  log: RequestLog;
  onRequest?: (entry: RequestLogEntry) => void;
  /** Log entries keep the request's and the answer's bodies. */
  recordBodies?: boolean;
}

/** Reads the whole body, keeping at most MAX_BODY_BYTES: a larger one is drained, then refused. */
function readBody(req: IncomingMessage): Promise<{ body: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () =>
      resolve(
        size > MAX_BODY_BYTES
          ? { body: Buffer.alloc(0), tooLarge: true }
          : { body: Buffer.concat(chunks), tooLarge: false },
      ),
    );
    req.on("error", reject);
  });
}

/** Writes the answer; returns the body's bytes, if it has one. */
function write(res: ServerResponse, reply: Reply): Buffer | undefined {
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status, reply.headers);
    res.end();
    return undefined;
  }
  // Answers built from cached items come encoded already.
  const bytes =
    reply.body instanceof JsonText ? reply.body.bytes : Buffer.from(JSON.stringify(reply.body), "utf8");
  res.writeHead(reply.status, {
    ...reply.headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": bytes.length,
  });
  res.end(bytes);
  return bytes;
}

/** A body as it went over the wire: its JSON value, the text when it is not JSON, absent when empty. */
function bodyValue(bytes: Buffer | undefined): unknown {
  if (bytes === undefined || bytes.length === 0) return undefined;
  const text = bytes.toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function recorded(request: Buffer, response: Buffer | undefined): ExchangeBodies {
  const bodies: ExchangeBodies = {};
  const requestValue = bodyValue(request);
  const responseValue = bodyValue(response);
  if (requestValue !== undefined) bodies.request = requestValue;
  if (responseValue !== undefined) bodies.response = responseValue;
  return bodies;
}

async function handle(parts: ServerParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const seq = parts.log.arrive();
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const call: Omit<IncomingCall, "body" | "bodyTooLarge"> = {
    method: req.method ?? "GET",
    path: queryAt < 0 ? url : url.slice(0, queryAt),
    query: queryAt < 0 ? "" : url.slice(queryAt + 1),
    authorization: req.headers.authorization,
    contentType: req.headers["content-type"],
  };
  let status = 0;
  let outcome: Awaited<ReturnType<typeof answer>> = {};
  let bodies: ExchangeBodies | undefined;
  try {
    const { body, tooLarge } = await readBody(req);
    outcome = await answer(parts, { ...call, body, bodyTooLarge: tooLarge });
    let sent: Buffer | undefined;
    if (outcome.reply) {
      sent = write(res, outcome.reply);
      status = outcome.reply.status;
    } else {
      req.socket.destroy();
    }
    if (parts.recordBodies) bodies = recorded(body, sent);
  } catch {
    // The client went away while sending; there is no one to answer.
    req.socket.destroy();
  }
  const entry: RequestLogEntry = {
    seq,
    method: call.method,
    path: call.path,
    query: call.query,
    status,
    ...(outcome.fault ? { fault: outcome.fault } : {}),
    ...(outcome.route ? { route: outcome.route } : {}),
    ...(outcome.ignoredFields ? { ignoredFields: outcome.ignoredFields } : {}),
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    ...(bodies ? { bodies } : {}),
  };
  parts.log.add(entry);
  parts.onRequest?.(entry);
}

export function createEmulatorServer(parts: ServerParts): Server {
  const server = createServer((req, res) => {
    void handle(parts, req, res);
  });
  // Longer than the idle time of clients' pools, so the server never closes a socket a client is reusing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** Listens and answers the base URL, e.g. `http://127.0.0.1:34567`. */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve(`http://${shownHost}:${address.port}`);
    });
  });
}
