// A link between docsync and the emulator that can be cut for good: an HTTP relay on 127.0.0.1
// that passes each request on to the emulator and its answer back, until `sever` — from then on
// it drops every connection at once. A run of docsync in this process that is cut off this way
// can never reach the emulator again, whatever it goes on doing: to the emulator it is as gone
// as a killed process (apply keeps nothing on disk).

import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeverableLink {
  /** The relay's address, for DOCSYNC_API_URL. */
  url: string;
  /**
   * Drops every connection, now and to come; resolves once every request already passed on has
   * ended at the emulator (answered, or its connection destroyed there), so that none is still
   * being carried out.
   */
  sever(): Promise<void>;
  /** Keeps every answer from now on at the relay, until `sever` drops it: docsync waits on
   * those calls for as long as a test needs them in flight. */
  hold(): void;
  close(): Promise<void>;
}

export async function severableLink(target: string): Promise<SeverableLink> {
  const { hostname, port } = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const passing = new Set<Promise<void>>();
  let severed = false;
  let holding = false;
  const held: (() => void)[] = [];

  const pass = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (severed) return incoming.socket.destroy();
    const onward = request({
      agent,
      host: hostname,
      port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    });
    const ended = new Promise<void>((resolve) => onward.on("close", resolve));
    passing.add(ended);
    void ended.then(() => passing.delete(ended));
    onward.on("response", (answer) => {
      const relay = () => {
        // The answer is read to its end whatever becomes of it, so that the request ends.
        if (severed || outgoing.destroyed) {
          answer.resume();
          return incoming.socket.destroy();
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on("data", (chunk: Buffer) => {
          if (!outgoing.destroyed) outgoing.write(chunk);
        });
        answer.on("end", () => outgoing.end());
      };
      if (holding && !severed) held.push(relay);
      else relay();
    });
    // The emulator dropped the connection (a cut): so does the relay, for docsync to see.
    onward.on("error", () => incoming.socket.destroy());
    // A request cut off before its body arrived whole goes no further.
    incoming.on("close", () => {
      if (!incoming.complete) onward.destroy();
    });
    incoming.pipe(onward);
  };

  const server = createServer({ keepAlive: true }, pass);
  server.on("connection", (socket) => {
    if (severed) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    hold() {
      holding = true;
    },
    async sever() {
      severed = true;
      for (const relay of held.splice(0)) relay();
      server.closeAllConnections();
      await Promise.all([...passing]);
    },
    async close() {
      severed = true;
      for (const relay of held.splice(0)) relay();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}
