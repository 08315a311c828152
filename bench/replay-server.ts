// The replay process of the benchmark (started by bench/replay.ts): receives the recorded
// exchanges, builds each answer once, and serves them on 127.0.0.1 after the injected latency.
// Answering costs a map lookup and a socket write.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Exchange, ReplayReply } from "./replay.ts";

interface Prepared {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const reply = (message: ReplayReply) => process.send!(message);
const key = (method: string, target: string) => `${method} ${target}`;

function serve(exchanges: Exchange[], latencyMs: number): void {
  const answers = new Map<string, Prepared>();
  for (const { method, target, status, headers, body } of exchanges) {
    // The ipc channel hands Buffers over as Uint8Arrays.
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    answers.set(key(method, target), {
      status,
      headers: { ...headers, "content-length": String(bytes.length) },
      body: bytes,
    });
  }
  const misses: string[] = [];
  const server = createServer((req, res) => {
    const wanted = key(req.method ?? "GET", req.url ?? "/");
    req.resume();
    req.on("end", () => {
      setTimeout(() => {
        const answer = answers.get(wanted);
        if (answer) {
          res.writeHead(answer.status, answer.headers).end(answer.body);
          return;
        }
        misses.push(wanted);
        const body = JSON.stringify({ error: { code: 404, message: `not recorded: ${wanted}` } });
        res.writeHead(404, { "content-type": "application/json; charset=utf-8" }).end(body);
      }, latencyMs);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => {
    reply({ listening: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  process.on("message", (message) => {
    if (message === "misses") reply({ misses });
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
}

process.once("message", (message) => {
  const { exchanges, latencyMs } = message as { exchanges: Exchange[]; latencyMs: number };
  serve(exchanges, latencyMs);
});
