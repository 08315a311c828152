// The first translation created on a service that listed none is a probe: its answer says which
// form the service keeps. A service that takes the create (2xx) but answers with an item of the
// other form must stop the apply there, with nothing else changed. The emulator keeps one form
// and refuses the other's fields, so a forwarder in front of it gives the other form's answer.

import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";

interface Forwarder {
  url: string;
  close(): Promise<void>;
}

/**
 * Forwards every request to `target`; the answer of a POST to a translations list comes back
 * with `object` set to `object`, as a service keeping that form would name what it made.
 */
async function startForwarder(target: string, object: string): Promise<Forwarder> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const rewrite = req.method === "POST" && /\/translations$/.test(req.url ?? "");
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          let body = Buffer.concat(chunks);
          const ok = (answer.statusCode ?? 0) >= 200 && (answer.statusCode ?? 0) < 300;
          if (rewrite && ok) body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), object }));
          const headers = { ...answer.headers, "content-length": String(body.length) };
          delete headers["transfer-encoding"];
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const CONFIG = `version: 1
organization: \${DOCSYNC_ORG}
translations:
  - title: French
teams: [{ title: Editors }, { title: Translators }]
`;

describe("a probe answered 2xx with an item of the other form", () => {
  let h: Harness;
  let forwarder: Forwarder;
  beforeEach(async () => {
    h = await startHarness();
    forwarder = await startForwarder(h.emulator.url, "translation");
  });
  afterEach(async () => {
    await forwarder.close();
    await h.close();
  });

  const teamTitles = async () =>
    (await h.api.list<{ title: string }>(`/orgs/${h.org}/teams`)).map((team) => team.title);

  it("fails the apply at the probe, saying which form the answer showed, and sends nothing else", async () => {
    const file = await h.config(CONFIG);
    h.emulator.resetLog();
    const apply = await h.run(["apply", "-c", file, "--yes"], { env: { DOCSYNC_API_URL: forwarder.url } });
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(
      'Error: Apply failed: translation "French": create translation settings: the answer\'s object is ' +
        '"translation", not "translation-settings". The service listed no translations, so docsync sent ' +
        "this first one as translation settings, the configuration's form, before any other call.",
    );
    expect(apply.stdout).toContain("1 failed, 2 skipped.");
    const writes = h.emulator.requests.filter((entry) => entry.method !== "GET");
    expect(writes.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      `POST /v1/orgs/${h.org}/translations`,
    ]);
    expect(await teamTitles()).not.toContain("Editors");
  });

  it("goes on when the answer shows the configuration's form", async () => {
    await forwarder.close();
    forwarder = await startForwarder(h.emulator.url, "translation-settings");
    const apply = await h.run(["apply", "-c", await h.config(CONFIG), "--yes"], {
      env: { DOCSYNC_API_URL: forwarder.url },
    });
    expect(apply.code).toBe(0);
    expect(await teamTitles()).toEqual(expect.arrayContaining(["Editors", "Translators"]));
  });
});
