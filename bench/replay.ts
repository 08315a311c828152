// The benchmark's replay server: what docsync's read + plan costs when the service costs
// nothing. A recording proxy in front of the emulator keeps each answer to docsync's reads
// (method, path with query, status, headers, body bytes); a server in a process of its own then
// answers the same requests from memory, with the same injected latency, from buffers built
// before the first request. Against it, what remains above the latency is docsync's own work.

import { fork } from "node:child_process";
import { Agent, createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface Exchange {
  method: string;
  /** The path with its query, as requested: `/v1/orgs/org_acme/sites?limit=1000`. */
  target: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers of one connection rather than of the answer: the replay server sets its own. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);

function answerHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name))
      kept[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return kept;
}

function listen(server: ReturnType<typeof createServer>): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

/** A proxy on 127.0.0.1 that forwards every request to `origin` and records its answer. */
export async function startRecorder(origin: string) {
  const agent = new Agent({ keepAlive: true });
  const exchanges: Exchange[] = [];
  const server = createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    const forwarded = request(
      new URL(req.url ?? "/", origin),
      { method: req.method, headers, agent },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const exchange: Exchange = {
            method: req.method ?? "GET",
            target: req.url ?? "/",
            status: answer.statusCode ?? 502,
            headers: answerHeaders(answer.headers),
            body: Buffer.concat(chunks),
          };
          exchanges.push(exchange);
          res.writeHead(exchange.status, exchange.headers).end(exchange.body);
        });
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  const url = await listen(server);
  return {
    url,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Messages of the replay process (bench/replay-server.ts). */
export type ReplayReply = { listening: string } | { misses: string[] };

/**
 * Serves `exchanges` from a process of its own, as the emulator runs in one: its work does not
 * count as docsync's. A request that was not recorded is answered 404 and reported as a miss.
 */
export async function startReplay(exchanges: Exchange[], latencyMs: number) {
  const child = fork(new URL("./replay-server.ts", import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = () =>
    new Promise<ReplayReply>((resolve, reject) => {
      const failed = (code: number | null) => reject(new Error(`the replay server exited (${code})`));
      child.once("exit", failed);
      child.once("message", (message) => {
        child.off("exit", failed);
        resolve(message as ReplayReply);
      });
    });
  const listening = next();
  child.send({ exchanges, latencyMs });
  const reply = await listening;
  if (!("listening" in reply)) throw new Error("the replay server did not start");
  return {
    url: reply.listening,
    /** The requests answered 404 because they were not recorded, since the start. */
    async misses(): Promise<string[]> {
      const answer = next();
      child.send("misses");
      const reply = await answer;
      return "misses" in reply ? reply.misses : [];
    },
    stop: () => new Promise((resolve) => child.once("exit", resolve).kill("SIGINT")),
  };
}
