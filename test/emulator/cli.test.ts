// `docsync emulator` as a user runs it: a real process that prints how to reach it, answers
// with the printed token, logs requests without the token, and stops cleanly on SIGTERM. The
// process runs the CLI's build, as an installed package does (support/cli-build.ts).

import { type ChildProcess, spawn } from "node:child_process";
import { EventEmitter, once } from "node:events";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runEmulator } from "../../src/emulator/cli.ts";
import { CLI_BUILD } from "../support/cli-build.ts";

const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function run(args: string[]) {
  const child = spawn(process.execPath, [CLI_BUILD, "emulator", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  const output = { stdout: "", stderr: "" };
  const progress = new EventEmitter();
  child.stdout.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString();
    progress.emit("output");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const exited = once(child, "exit").then(([code]) => code as number);
  void exited.then(() => progress.emit("output"));
  return { child, output, exited, progress };
}

/**
 * Waits for `pattern` in the output, checked each time output arrives (no polling, no deadline
 * of its own: the test's timeout bounds it); fails at once, with the output, when the process
 * ends first.
 */
function waitFor(
  { child, output, progress }: ReturnType<typeof run>,
  pattern: RegExp,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output.stdout);
      if (match === null && child.exitCode === null && child.signalCode === null) return;
      progress.off("output", check);
      if (match) resolve(match);
      else
        reject(
          new Error(
            `exited with ${child.exitCode ?? child.signalCode} waiting for ${pattern}; stdout:\n${output.stdout}\nstderr:\n${output.stderr}`,
          ),
        );
    };
    progress.on("output", check);
    check();
  });
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

describe("runEmulator", () => {
  /** Runs the emulator in this process; `onWrite` sees each text it prints, as it prints it. */
  function runInProcess(onWrite: (text: string) => void) {
    const before = new Set(process.listeners("SIGTERM"));
    let printed = "";
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        printed += chunk.toString();
        onWrite(chunk.toString());
        done();
      },
    });
    let handedOver = 0;
    const stopped = runEmulator({ port: 0, log: false, token: "in-process" }, out, () => {
      handedOver = process.listeners("SIGTERM").filter((listener) => !before.has(listener)).length;
    });
    /** The emulator's own SIGTERM listener, called as a signal would call it. */
    const signal = () => {
      for (const listener of process.listeners("SIGTERM"))
        if (!before.has(listener)) (listener as () => void)();
    };
    return { stopped, signal, printed: () => printed, handedOver: () => handedOver };
  }

  it("handles SIGINT and SIGTERM before it prints that it is listening, and hands over after", async () => {
    let listening: (counts: number[]) => void = () => {};
    const handled = new Promise<number[]>((resolve) => {
      listening = resolve;
    });
    const ran = runInProcess((text) => {
      if (text.includes("listening on"))
        listening([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]);
    });
    // Whoever reads the banner may stop it at once: its listeners were there when it was printed.
    const [sigint, sigterm] = await handled;
    expect(sigint).toBeGreaterThanOrEqual(1);
    expect(sigterm).toBeGreaterThanOrEqual(1);
    expect(ran.handedOver()).toBe(1);
    ran.signal();
    await ran.stopped;
    expect(ran.printed()).toMatch(/export DOCSYNC_TOKEN=in-process\n[\s\S]*Emulator stopped\.\n$/);
  });

  it("stops without a banner when the signal comes before it is listening", async () => {
    const ran = runInProcess(() => {});
    ran.signal();
    await ran.stopped;
    expect(ran.printed()).toBe("Emulator stopped.\n");
  });
});
