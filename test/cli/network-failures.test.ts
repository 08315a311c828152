// Every command that reaches the API, against every way a server can fail to answer: it refuses
// the connection, never answers, resets it, answers something that is not the API's JSON (text,
// truncated JSON, an HTML page), presents a certificate docsync refuses, or is not the API at all
// (a wrong path). Each run ends with exit code 1, an `Error:` line naming the cause, and, with
// `--format json`, one JSON document whose code is stable. The cases run at once, in-process;
// only the run that must be a process of its own (a certificate for another host name, which
// once left the process to end with Node's exit code 13 and no word) is spawned.

import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer as createTlsServer } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiEvent } from "../../src/api/client-types.ts";
import { askedToWait } from "../../src/api/retry.ts";
import { runDocsync } from "../../src/cli/program.ts";
import type { ErrorCode } from "../../src/errors.ts";
import { ANNOUNCED_WAIT_MS, eventPrinter } from "../../src/front/connection.ts";
import type { Output } from "../../src/front/output.ts";
import { watchUnanswered } from "../../src/front/unanswered.ts";
import { plainStyle } from "../../src/render/style.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { conforms } from "../support/json-schemas.ts";
import { spawnDocsync } from "../support/process.ts";

/** A self-signed certificate for `other.example`, made now (no key file ships), or none without openssl. */
function certificateForAnotherName(dir: string): { key: string; cert: string } | undefined {
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  try {
    execFileSync(
      "openssl",
      [
        // An elliptic-curve key: made at once, where an RSA key of 2,048 bits took half a second.
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=other.example"],
        ...["-addext", "subjectAltName=DNS:other.example"],
      ],
      { stdio: "ignore" },
    );
    return { key, cert };
  } catch {
    return undefined;
  }
}

type Behaviour = (socket: Socket) => void;

/** An answer written by hand: whatever a broken server or a proxy in the way may send. */
const answering =
  (status: string, type: string, body: string): Behaviour =>
  (socket) =>
    socket.once("data", () =>
      socket.end(
        `HTTP/1.1 ${status}\r\ncontent-type: ${type}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );

/**
 * A server on 127.0.0.1 that passes every connection on to the emulator until `fail` is called,
 * then treats each new one as `behaviour` says: so a plan can be saved against its URL first.
 */
async function failingServer(target: number, behaviour: Behaviour) {
  let failing = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    if (failing) return behaviour(socket);
    const upstream = connect(target, "127.0.0.1");
    upstream.on("error", () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    fail() {
      failing = true;
      // Connections kept alive from before would still reach the emulator.
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Mode {
  name: string;
  /** What the server does once it fails; `refuse` closes it, so its port refuses connections. */
  behaviour: Behaviour | "refuse";
  code: ErrorCode;
  /** What the `Error:` line says of the cause. */
  says: RegExp;
  /** Options the command line adds. */
  args?: string[];
}

const MODES: Mode[] = [
  { name: "refuses the connection", behaviour: "refuse", code: "api.network", says: /connection refused/ },
  {
    name: "never answers",
    behaviour: () => {},
    code: "api.timeout",
    says: /timed out after 200ms at 127\.0\.0\.1:\d+ \(after 5 attempts\)/,
    args: ["--timeout", "0.2"],
  },
  {
    name: "resets the connection",
    behaviour: (socket) => socket.once("data", () => socket.resetAndDestroy()),
    code: "api.network",
    says: /connection reset/,
  },
  {
    name: "answers text",
    behaviour: answering("200 OK", "text/plain", "Service starting, try later"),
    code: "api.bad-answer",
    says: /answered 200 OK with a body that is not JSON/,
  },
  {
    name: "answers truncated JSON",
    behaviour: answering("200 OK", "application/json", '{"items": [{"id": "team_'),
    code: "api.bad-answer",
    says: /answered 200 OK with a body that is not JSON/,
  },
  {
    name: "answers an HTML page",
    behaviour: answering("200 OK", "text/html", "<html><title>Sign in</title><body>Sign in</body></html>"),
    code: "api.bad-answer",
    says: /answered 200 OK with a body that is not JSON but a web page: check the API URL\.$/,
  },
];

/** The commands that reach the API, each with --format json; `{saved}` is a plan saved before. */
const COMMANDS: [name: string, args: string[]][] = [
  ["plan", ["plan", "-c", "{config}", "--format", "json"]],
  ["apply", ["apply", "-c", "{config}", "--yes", "--format", "json"]],
  ["apply of a saved plan", ["apply", "{saved}", "-c", "{config}", "--format", "json"]],
  ["drift", ["drift", "-c", "{config}", "--format", "json"]],
  ["export", ["export", "--org", "{org}", "--format", "json"]],
];

/** The document on standard output, checked against its schema: apply's own, else docsync-error. */
function documentOf(command: string, stdout: string): Record<string, unknown> {
  return command.startsWith("apply")
    ? conforms("apply-report.schema.json", stdout)
    : conforms("error.schema.json", stdout);
}

describe("every command against a server that fails to answer", () => {
  let h: Harness;
  let dir: string;
  let config: string;
  let tls: { key: string; cert: string } | undefined;
  const servers: { mode: Mode; url: string; saved: string; close(): Promise<void> }[] = [];

  beforeAll(async () => {
    h = await startHarness();
    dir = await mkdtemp(join(tmpdir(), "docsync-netfail-"));
    // Several lists, so that reads go out at once, as they do against a real organization.
    config = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\nteams:\n  - title: Writers\nsites:\n  - title: Docs\n`,
    );
    tls = certificateForAnotherName(dir);
    const port = Number(new URL(h.emulator.url).port);
    await Promise.all(
      MODES.map(async (mode, index) => {
        const server = await failingServer(port, mode.behaviour === "refuse" ? () => {} : mode.behaviour);
        const saved = join(dir, `plan-${index}.json`);
        const made = await h.run(["plan", "-c", config, "--out", saved], {
          env: { DOCSYNC_API_URL: server.url },
        });
        expect(made.code, made.stderr).toBe(0);
        server.fail();
        if (mode.behaviour === "refuse") await server.close();
        servers.push({ mode, url: server.url, saved, close: server.close });
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("validate needs no server: it answers whatever the API does", async () => {
    const refused = servers.find((server) => server.mode.behaviour === "refuse")!;
    const result = await h.run(["validate", "-c", config, "--format", "json"], {
      env: { DOCSYNC_API_URL: refused.url },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(conforms("validation.schema.json", result.stdout)).toMatchObject({ valid: true });
  });

  it("plan, apply, apply of a saved plan, drift and export: exit 1, the cause, one JSON document with its code", async () => {
    const runs = servers.flatMap((server) =>
      COMMANDS.map(async ([command, template]) => {
        const args = template.map((arg) =>
          arg.replace("{config}", config).replace("{saved}", server.saved).replace("{org}", h.org),
        );
        const result = await h.run([...args, ...(server.mode.args ?? [])], {
          env: { DOCSYNC_API_URL: server.url },
        });
        return { server, command, result };
      }),
    );
    const seen: string[] = [];
    for (const { server, command, result } of await Promise.all(runs)) {
      const what = `${command}, when the server ${server.mode.name}`;
      seen.push(what);
      expect(result.code, `${what}: ${result.stderr}`).toBe(1);
      expect(result.stderr, what).toMatch(/^(.*\n)*Error: .+\n$/);
      expect(
        result.stderr.split("\n").find((line) => line.startsWith("Error: ")),
        what,
      ).toMatch(server.mode.says);
      expect(result.stderr, what).not.toMatch(/\n\s+at /);
      expect(result.stderr, what).not.toContain(h.env.DOCSYNC_TOKEN);
      expect(documentOf(command, result.stdout), what).toMatchObject({ code: server.mode.code });
    }
    expect(seen).toHaveLength(MODES.length * COMMANDS.length);
  });

  it("a wrong API URL (a path the server has no route for) is said to be one, not a missing organization", async () => {
    const wrong = { DOCSYNC_API_URL: `${h.emulator.url}/api` };
    const runs = COMMANDS.filter(([command]) => command !== "apply of a saved plan").map(
      async ([command, template]) => {
        const args = template.map((arg) => arg.replace("{config}", config).replace("{org}", h.org));
        return { command, result: await h.run(args, { env: wrong }) };
      },
    );
    for (const { command, result } of await Promise.all(runs)) {
      expect(result.code, command).toBe(1);
      expect(result.stderr, command).toContain(
        `Error: The API URL ${h.emulator.url}/api looks wrong: the server has no route GET /api/v1/orgs/${h.org} `,
      );
      expect(result.stderr, command).not.toContain("not found:");
      expect(documentOf(command, result.stdout), command).toMatchObject({ code: "api.wrong-url" });
    }
  });

  it("a certificate docsync does not trust: api.tls, for every command", async (context) => {
    if (tls === undefined) return context.skip("openssl is not installed");
    const server = createTlsServer({ key: await readFile(tls.key), cert: await readFile(tls.cert) }, (s) =>
      s.end(),
    );
    server.on("tlsClientError", () => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
      const runs = COMMANDS.filter(([command]) => command !== "apply of a saved plan").map(
        async ([command, template]) => {
          const args = template.map((arg) => arg.replace("{config}", config).replace("{org}", h.org));
          return { command, result: await h.run(args, { env: { DOCSYNC_API_URL: url } }) };
        },
      );
      for (const { command, result } of await Promise.all(runs)) {
        expect(result.code, command).toBe(1);
        expect(result.stderr, command).toMatch(
          /^Error: GET \S+ failed: TLS error \(DEPTH_ZERO_SELF_SIGNED_CERT\)/m,
        );
        expect(documentOf(command, result.stdout), command).toMatchObject({ code: "api.tls" });
      }
    } finally {
      server.close();
    }
  });

  it("a certificate for another host name ends the process with exit 1 and the error, not exit 13 in silence", async (context) => {
    if (tls === undefined) return context.skip("openssl is not installed");
    const server = createTlsServer({ key: await readFile(tls.key), cert: await readFile(tls.cert) }, (s) =>
      s.end(),
    );
    server.on("tlsClientError", () => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const tlsPort = (server.address() as { port: number }).port;
    // The handshake as far away as a real server's: on loopback the failure came too soon to matter.
    const distant = createServer((socket) => {
      socket.on("error", () => {});
      socket.pause();
      setTimeout(() => {
        const upstream = connect(tlsPort, "127.0.0.1").on("error", () => socket.destroy());
        socket.pipe(upstream).pipe(socket);
        socket.resume();
      }, 30);
    });
    await new Promise<void>((resolve) => distant.listen(0, "127.0.0.1", resolve));
    // Trusted (NODE_EXTRA_CA_CERTS), reached by a host name: only the name is wrong.
    const env = {
      ...h.env,
      DOCSYNC_API_URL: `https://localhost:${(distant.address() as { port: number }).port}`,
      NODE_EXTRA_CA_CERTS: tls.cert,
    };
    try {
      const runs = [
        ["plan", "-c", config, "--format", "json"],
        ["drift", "-c", config],
      ].map(async (args) => {
        const child = spawnDocsync(args, env);
        return { args, exit: await child.exited, stdout: child.stdout(), stderr: child.stderr() };
      });
      for (const { args, exit, stdout, stderr } of await Promise.all(runs)) {
        expect(exit.code, `${args[0]}: ${stderr}`).toBe(1);
        expect(stderr).toMatch(
          /^Error: GET \S+ failed: TLS error: the server's certificate is for another host name \(ERR_TLS_CERT_ALTNAME_INVALID\) at localhost:\d+\n$/,
        );
        if (args.includes("json"))
          expect(conforms("error.schema.json", stdout)).toMatchObject({ code: "api.tls" });
      }
    } finally {
      distant.close();
      server.close();
    }
  });

  it("a command still waiting when the process runs out of work ends through the failure path", async () => {
    // What the process does when its event loop empties: here, at once, while plan waits.
    let idle: (() => void) | undefined;
    const unanswered = watchUnanswered({
      once: (_event, listener) => {
        idle = listener;
      },
      off: () => {},
    });
    const hang = servers.find((server) => server.mode.code === "api.timeout")!;
    let stdout = "";
    let stderr = "";
    const run = runDocsync(["plan", "-c", config, "--format", "json", "--timeout", "0.2"], {
      env: { ...h.env, DOCSYNC_API_URL: hang.url },
      exitCode: 0,
      unanswered: unanswered.ended,
      output: {
        out: (text) => {
          stdout += text;
        },
        err: (text) => {
          stderr += text;
        },
        style: plainStyle,
        interactive: false,
        ask: async () => "",
      },
    });
    idle!();
    expect(await run).toBe(1);
    expect(stderr).toMatch(/^Error: docsync ended without an answer: /);
    expect(conforms("error.schema.json", stdout)).toMatchObject({ command: "plan", code: "cli.unanswered" });
  });

  it("--timeout and DOCSYNC_TIMEOUT take seconds in range; anything else is a usage error before any request", async () => {
    const hang = servers.find((server) => server.mode.code === "api.timeout")!;
    const env = { DOCSYNC_API_URL: hang.url };
    const fromEnvironment = await h.run(["drift", "-c", config, "--format", "json"], {
      env: { ...env, DOCSYNC_TIMEOUT: "0.2" },
    });
    expect(fromEnvironment.code).toBe(1);
    expect(fromEnvironment.stderr).toContain("timed out after 200ms");
    expect(conforms("error.schema.json", fromEnvironment.stdout)).toMatchObject({ code: "api.timeout" });

    const zero = await h.run(["plan", "-c", config, "--timeout", "0"], { env });
    expect(zero.code).toBe(1);
    expect(zero.stderr).toContain("'--timeout <seconds>' argument '0' is invalid");
    const words = await h.run(["export", "--org", h.org, "--format", "json"], {
      env: { ...env, DOCSYNC_TIMEOUT: "ten" },
    });
    expect(words.code).toBe(1);
    expect(words.stderr).toBe(
      'Error: DOCSYNC_TIMEOUT must be a number of seconds from 0.1 to 3600 (got "ten").\n',
    );
    expect(conforms("error.schema.json", words.stdout)).toMatchObject({ code: "cli.usage" });
  });
});

describe("export against a service without some of its lists", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it("fails when the sites answer 404, and names the spaces it leaves out with the collections", async () => {
    h.emulator.removeRoutes(["GET /orgs/:organizationId/sites"]);
    const noSites = await h.run(["export", "--org", h.org, "--format", "json"]);
    expect(noSites.code).toBe(1);
    expect(noSites.stderr).toMatch(/^Error: Cannot export: GET \/orgs\/\S+\/sites failed: 404 Not Found/);
    expect(conforms("error.schema.json", noSites.stdout)).toMatchObject({ code: "export.list-absent" });

    h.emulator.restoreRoutes();
    h.emulator.removeRoutes(["GET /orgs/:organizationId/collections"]);
    const noCollections = await h.run(["export", "--org", h.org]);
    expect(noCollections.code, noCollections.stderr).toBe(0);
    expect(noCollections.stderr).toMatch(
      /^Warning: collections: not exported, .*; the file leaves them unmanaged, and with them the spaces in collections$/m,
    );
    // The header is wrapped: read as one line.
    expect(noCollections.stdout.replace(/\n# /g, " ")).toContain(
      "left unmanaged: collections (and with them the spaces in collections).",
    );
    h.emulator.restoreRoutes();
  });
});

describe("a long wait before a retry", () => {
  const printed = (event: ApiEvent, verbose = false): string => {
    let text = "";
    const output: Output = {
      out: () => {
        throw new Error("nothing goes to standard output");
      },
      err: (chunk) => {
        text += chunk;
      },
      style: plainStyle,
      interactive: false,
      ask: async () => "",
    };
    eventPrinter(verbose, output)(event);
    return text;
  };
  const retry = (waitMs: number, reason: string): ApiEvent => ({
    type: "retry",
    method: "GET",
    path: "/orgs/org_acme/teams",
    attempt: 1,
    status: 429,
    waitMs,
    reason,
  });

  it("is announced on the error stream with its reason when over 5 s; a short one is not", () => {
    const asked = askedToWait(429, { "retry-after": "45" });
    expect(asked).toBe("the API asked (429 Retry-After)");
    expect(printed(retry(45_000, asked))).toBe(
      "Waiting 45 s: the API asked (429 Retry-After); then GET /orgs/org_acme/teams is sent again.\n",
    );
    expect(askedToWait(429, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "9" })).toBe(
      "the API asked (429 X-RateLimit-Reset)",
    );
    expect(printed(retry(ANNOUNCED_WAIT_MS, asked))).toBe("");
    expect(printed(retry(800, "503 Service Unavailable"))).toBe("");
  });
});
