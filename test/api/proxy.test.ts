// HTTPS_PROXY, HTTP_PROXY and NO_PROXY, through a small proxy on 127.0.0.1 that tunnels
// (CONNECT) and forwards (absolute-form requests), and records what it was asked for. Also the
// User-Agent docsync sends, read by a plain server of its own.

import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, connect as netConnect } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import { proxyFor } from "../../src/api/transport.ts";
import { VERSION } from "../../src/version.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { spawnDocsync } from "../support/process.ts";

interface Proxy {
  url: string;
  /** `CONNECT host:port` and `GET http://…` lines, as asked. */
  seen: string[];
  close(): Promise<void>;
}

async function startProxy(): Promise<Proxy> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url!);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  server.on("connect", (req, socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = req.url!.split(":");
    const upstream = netConnect(Number(port), host!, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

describe("a proxy from the environment", () => {
  let h: Harness;
  let proxy: Proxy;
  let config: string;
  beforeEach(async () => {
    h = await startHarness();
    proxy = await startProxy();
    config = await h.config(`version: 1\norganization: ${h.org}\nteams:\n  - title: Proxied\n`);
  });
  afterEach(async () => {
    await proxy.close();
    await h.close();
  });

  it("HTTP_PROXY: every request goes through the proxy", async () => {
    const result = await h.run(["plan", "-c", config], { env: { HTTP_PROXY: proxy.url } });
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain('+ team "Proxied"');
    const host = new URL(h.emulator.url).host;
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(
      proxy.seen.every((line) => line === `CONNECT ${host}` || line.startsWith(`GET http://${host}/`)),
    ).toBe(true);
  });

  it("HTTP_PROXY with the built CLI, which bundles only the parts of undici it uses", async () => {
    const run = spawnDocsync(["plan", "-c", config], { ...h.env, HTTP_PROXY: proxy.url });
    const { code } = await run.exited;
    expect(run.stderr()).toBe("");
    expect(code).toBe(0);
    expect(run.stdout()).toContain('+ team "Proxied"');
    expect(proxy.seen).toContain(`CONNECT ${new URL(h.emulator.url).host}`);
  });

  it("NO_PROXY: a listed host is reached directly", async () => {
    const result = await h.run(["plan", "-c", config], {
      env: { http_proxy: proxy.url, NO_PROXY: "example.com, 127.0.0.1" },
    });
    expect(result.stdout).toContain('+ team "Proxied"');
    expect(proxy.seen).toEqual([]);
  });

  it("a proxy that cannot be reached is named in the error, without its password", async () => {
    const down = await startProxy();
    await down.close();
    const withPassword = down.url.replace("http://", "http://user:s3cret@");
    const result = await h.run(["plan", "-c", config, "--parallelism", "1"], {
      env: { HTTP_PROXY: withPassword },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^Error: GET /orgs/${h.org}/teams failed: .* at ${new URL(h.emulator.url).host} through the proxy ${new URL(down.url).host}`,
      ),
    );
    expect(result.stderr).not.toContain("s3cret");
  });
});

describe("proxyFor", () => {
  const settings = { httpProxy: "http://proxy:3128", httpsProxy: "", noProxy: "" };
  it("chooses by scheme and NO_PROXY, as undici's agent does", () => {
    expect(proxyFor("https://api.example.com", settings)).toBe("http://proxy:3128");
    expect(proxyFor("https://api.example.com", { ...settings, httpsProxy: "http://secure:1" })).toBe(
      "http://secure:1",
    );
    expect(proxyFor("https://api.example.com", { ...settings, noProxy: ".example.com" })).toBeUndefined();
    expect(proxyFor("https://api.example.com", { ...settings, noProxy: "*.example.com" })).toBeUndefined();
    expect(proxyFor("https://api.example.com", { ...settings, noProxy: "example.com:8443" })).toBe(
      "http://proxy:3128",
    );
    expect(proxyFor("https://api.example.com", { ...settings, noProxy: "*" })).toBeUndefined();
    expect(proxyFor("https://notexample.com", { ...settings, noProxy: "example.com" })).toBe(
      "http://proxy:3128",
    );
    expect(proxyFor("https://api.example.com", { ...settings, httpProxy: "" })).toBeUndefined();
  });
});

describe("the User-Agent", () => {
  it("names docsync's version, from package.json", async () => {
    const headers: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      headers.push(req.headers);
      res.writeHead(200, { "content-type": "application/json" }).end('{"id":"org_1"}');
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, token: "t" });
    try {
      await api.get("/orgs/org_1");
    } finally {
      await api.close();
      server.close();
    }
    const { default: manifest } = await import("../../package.json", { with: { type: "json" } });
    expect(VERSION).toBe(manifest.version);
    expect(headers[0]!["user-agent"]).toBe(`docsync/${manifest.version} (node ${process.version})`);
  });
});
