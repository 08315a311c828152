// Connections opened ahead (ApiClient.prepare): requests sent afterwards use them instead of
// opening their own, never more than the parallelism, and closing the client closes those no
// request took. Seen from a server on 127.0.0.1 that counts its connections.

import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import type { ApiClient } from "../../src/api/client-types.ts";

interface Counted {
  url: string;
  server: Server;
  sockets: Socket[];
  /** Requests answered per connection, in the order the connections were accepted. */
  served: Map<Socket, number>;
  /** Resolves once `count` connections have been accepted. */
  accepted(count: number): Promise<void>;
  /** Resolves once every accepted connection is closed. */
  allClosed(): Promise<void>;
}

async function countingServer(): Promise<Counted> {
  const sockets: Socket[] = [];
  const served = new Map<Socket, number>();
  const closed = new Set<Socket>();
  const watchers: (() => void)[] = [];
  const notify = () => {
    for (const watcher of watchers.splice(0)) watcher();
  };
  const server = createServer((request, response) => {
    served.set(request.socket, (served.get(request.socket) ?? 0) + 1);
    response.writeHead(200, { "content-type": "application/json" }).end('{"items":[]}');
  });
  server.on("connection", (socket) => {
    sockets.push(socket);
    socket.on("close", () => {
      closed.add(socket);
      notify();
    });
    notify();
  });
  const until = (done: () => boolean): Promise<void> =>
    new Promise((resolve) => {
      const check = () => (done() ? resolve() : watchers.push(check));
      check();
    });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    sockets,
    served,
    accepted: (count) => until(() => sockets.length >= count),
    allClosed: () => until(() => sockets.every((socket) => closed.has(socket))),
  };
}

let server: Counted | undefined;
let api: ApiClient | undefined;

afterEach(async () => {
  await api?.close();
  server?.server.closeAllConnections();
  await new Promise((resolve) => server?.server.close(resolve));
  api = undefined;
  server = undefined;
});

describe("connections opened ahead", () => {
  it("are used by the requests sent afterwards, one each, and no others are opened", async () => {
    server = await countingServer();
    api = createApiClient({ baseUrl: server.url, token: "t", parallelism: 8 });
    api.prepare(3);
    await server.accepted(3);
    expect(server.served.size).toBe(0);
    await Promise.all([1, 2, 3].map((n) => api!.list(`/orgs/o${n}/teams`)));
    expect(server.sockets).toHaveLength(3);
    expect([...server.served.values()]).toEqual([1, 1, 1]);
  });

  it("are no more than the parallelism", async () => {
    server = await countingServer();
    api = createApiClient({ baseUrl: server.url, token: "t", parallelism: 2 });
    api.prepare(10);
    await server.accepted(2);
    await Promise.all([1, 2, 3, 4].map((n) => api!.list(`/orgs/o${n}/teams`)));
    expect(server.sockets).toHaveLength(2);
    expect([...server.served.values()].reduce((sum, count) => sum + count, 0)).toBe(4);
  });

  it("are counted with those already open", async () => {
    server = await countingServer();
    api = createApiClient({ baseUrl: server.url, token: "t", parallelism: 8 });
    await api.list("/orgs/o/teams");
    api.prepare(2);
    await server.accepted(2);
    await Promise.all([1, 2].map((n) => api!.list(`/orgs/o${n}/teams`)));
    expect(server.sockets).toHaveLength(2);
  });

  it("are closed with the client when no request took them", async () => {
    server = await countingServer();
    api = createApiClient({ baseUrl: server.url, token: "t", parallelism: 8 });
    api.prepare(3);
    await server.accepted(3);
    await api.list("/orgs/o/teams");
    await api.close();
    api = undefined;
    await server.allClosed();
    expect(server.sockets).toHaveLength(3);
  });
});
