// `docsync emulator` as a user runs it: a real process that prints how to reach it, answers
// with the printed token, logs requests without the token, and stops cleanly on SIGTERM.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "../../bin/docsync.js");
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function run(args: string[]) {
  const child = spawn(process.execPath, [BIN, "emulator", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const exited = once(child, "exit").then(([code]) => code as number);
  return { child, output, exited };
}

/** Waits for `pattern` in the output; fails at once, with the output, when the process ends first. */
async function waitFor(
  { child, output }: ReturnType<typeof run>,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(output.stdout);
    if (match) return match;
    const problem =
      child.exitCode !== null ? `exited with ${child.exitCode}` : Date.now() > deadline ? "timed out" : "";
    if (problem)
      throw new Error(
        `${problem} waiting for ${pattern}; stdout:\n${output.stdout}\nstderr:\n${output.stderr}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("docsync emulator", () => {
  it("prints how to reach it, answers with the printed token, logs, and stops on SIGTERM", async () => {
    const emulator = run(["--port", "0", "--log"]);
    const { child, output, exited } = emulator;
    await waitFor(emulator, /export DOCSYNC_ORG=.*\n/);
    const url = /^export DOCSYNC_API_URL=(http:\/\/127\.0\.0\.1:(\d+))$/m.exec(output.stdout)!;
    const token = /^export DOCSYNC_TOKEN=(emu_[0-9a-f]{32})$/m.exec(output.stdout)![1]!;
    expect(Number(url[2])).toBeGreaterThan(0);
    expect(output.stdout).toContain(`Docs Platform API emulator listening on ${url[1]}\n`);
    expect(output.stdout).toContain("Organization: org_acme (Acme Inc)\n");
    expect(output.stdout).toContain(`Admin token:  ${token}\n`);
    expect(output.stdout).toMatch(/^export DOCSYNC_ORG=org_acme$/m);

    const response = await fetch(`${url[1]}/v1/orgs`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { id: string }[] };
    expect(body.items.map((org) => org.id)).toEqual(["org_acme"]);

    const logLine = await waitFor(emulator, /^GET \/v1\/orgs 200 \d+ms$/m);
    expect(logLine[0]).not.toContain(token);

    // A body field the API does not list is ignored and named in the log, never its value.
    const team = await fetch(`${url[1]}/v1/orgs/org_acme/teams`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Docs", colour: "very-private-value" }),
    });
    expect(team.status).toBe(201);
    await waitFor(emulator, /^PUT \/v1\/orgs\/org_acme\/teams 201 \d+ms \(ignored fields: colour\)$/m);
    expect(output.stdout).not.toContain("very-private-value");
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output.stdout).toMatch(/Emulator stopped\.\n$/);
    expect(output.stderr).toBe("");
  });

  it("--reply-jitter holds each answer back a random while, drawn from --seed", async () => {
    // Seed 7 draws 0.887 first: the first answer is held 266 ms of at most 300.
    const emulator = run([
      "--port",
      "0",
      "--log",
      "--reply-jitter",
      "300",
      "--seed",
      "7",
      "--token",
      "jitter-token",
    ]);
    const { child, exited } = emulator;
    const url = (await waitFor(emulator, /^export DOCSYNC_API_URL=(\S+)$/m))[1]!;
    const response = await fetch(`${url}/v1/orgs`, { headers: { authorization: "Bearer jitter-token" } });
    expect(response.status).toBe(200);
    const logged = await waitFor(emulator, /^GET \/v1\/orgs 200 (\d+)ms$/m);
    expect(Number(logged[1])).toBeGreaterThanOrEqual(260);
    expect(Number(logged[1])).toBeLessThan(1000);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("--strict answers 400 to a body field the API does not list", async () => {
    const emulator = run(["--port", "0", "--strict", "--token", "strict-token"]);
    const { child, output, exited } = emulator;
    await waitFor(emulator, /export DOCSYNC_ORG=.*\n/);
    const url = /^export DOCSYNC_API_URL=(\S+)$/m.exec(output.stdout)![1]!;
    const answer = await fetch(`${url}/v1/orgs/org_acme/teams`, {
      method: "PUT",
      headers: { authorization: "Bearer strict-token", "content-type": "application/json" },
      body: JSON.stringify({ title: "Docs", colour: "red" }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: { code: 400, message: "colour: unknown field" } });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("uses the given token and fixture", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsync-cli-"));
    const fixture = join(dir, "fixture.yaml");
    await writeFile(
      fixture,
      "users:\n  - { id: usr_kim, displayName: Kim, email: kim@example.test }\n" +
        "organizations:\n  - { id: org_kim, title: Kim Co, members: [{ user: usr_kim, role: admin }] }\n",
    );
    const emulator = run(["--port", "0", "--fixture", fixture, "--token", "kims-token"]);
    const { child, output, exited } = emulator;
    await waitFor(emulator, /export DOCSYNC_ORG=org_kim\n/);
    expect(output.stdout).toContain("export DOCSYNC_TOKEN=kims-token\n");
    expect(output.stdout).toContain("Organization: org_kim (Kim Co)\n");
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });

  it("reports a bad fixture in one line, without a stack, and exits 1", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsync-cli-"));
    const fixture = join(dir, "bad.yaml");
    await writeFile(fixture, "users: []\norganizations: []\n");
    const { output, exited } = run(["--port", "0", "--fixture", fixture]);
    expect(await exited).toBe(1);
    expect(output.stderr).toBe(
      `Error: fixture ${fixture}:2:16: organizations: needs at least one organization\n`,
    );
    expect(output.stdout).toBe("");
  });

  it("rejects a malformed option with exit 1", async () => {
    const { output, exited } = run(["--rate-limit", "lots"]);
    expect(await exited).toBe(1);
    expect(output.stderr).toContain("must be N/WINDOW_S, e.g. 100/60 for 100 requests per 60 seconds");
  });
});
