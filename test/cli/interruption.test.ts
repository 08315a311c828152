// The signal handling that the CLI and the action share, driven through a host of its own.

import { describe, expect, it } from "vitest";
import {
  type SignalExit,
  type SignalHost,
  type SignalName,
  watchInterruptions,
} from "../../src/front/interruption.ts";

function fakeHost() {
  const listeners = new Map<SignalName, (signal: SignalName) => void>();
  const host = {
    written: "",
    exits: [] as number[],
    on: (signal: SignalName, listener: (signal: SignalName) => void) => listeners.set(signal, listener),
    off: (signal: SignalName) => listeners.delete(signal),
    write: (text: string) => {
      host.written += text;
    },
    exit: (code: number) => {
      host.exits.push(code);
    },
    send: (signal: SignalName) => listeners.get(signal)?.(signal),
    listening: () => listeners.size,
  } satisfies SignalHost & Record<string, unknown>;
  return host;
}

describe("watchInterruptions", () => {
  it("exits at once before any call, saying nothing was changed", () => {
    const host = fakeHost();
    const interruption = watchInterruptions(host);
    host.send("SIGTERM");
    expect(host.exits).toEqual([143]);
    expect(host.written).toBe("\nInterrupted (SIGTERM): nothing was changed.\n");
    expect(interruption.signal.aborted).toBe(false);
  });

  it("while calls are made, aborts at the first signal and exits at the second, naming the calls in flight", async () => {
    const host = fakeHost();
    const interruption = watchInterruptions(host);
    const inFlight = ['site "Docs": create site'];
    await interruption.makingCalls(
      () => inFlight,
      async (signal) => {
        host.send("SIGINT");
        expect(signal.aborted).toBe(true);
        expect(host.exits).toEqual([]);
        expect(interruption.received).toBe("SIGINT");
        host.send("SIGINT");
      },
    );
    expect(host.exits).toEqual([130]);
    expect(host.written).toBe(
      [
        "",
        "Interrupted (SIGINT): no new call will start; waiting up to 10 s for the 1 call(s) in flight. Send the signal again to exit at once.",
        "",
        "Interrupted again (SIGINT): exiting now.",
        "These calls may still be in flight; each may or may not be made:",
        '  ? site "Docs": create site',
        "Run `docsync plan` to see the live state.",
        "",
      ].join("\n"),
    );
  });

  it("after the calls, exits at once and says they were made; dispose stops listening", async () => {
    const host = fakeHost();
    const interruption = watchInterruptions(host);
    await interruption.makingCalls(
      () => [],
      async () => {},
    );
    host.send("SIGINT");
    expect(host.exits).toEqual([130]);
    expect(host.written).toContain(
      "Interrupted (SIGINT) after the calls of the plan were made: exiting now.",
    );
    interruption.dispose();
    expect(host.listening()).toBe(0);
  });

  it("tells the last report given why it exits, before it exits, even when the report fails", async () => {
    const before = fakeHost();
    const reports: SignalExit[] = [];
    const first = watchInterruptions(before);
    first.onExit(() => reports.push({ code: "internal", message: "replaced", exitCode: 0 }));
    first.onExit((exit) => {
      reports.push(exit);
      expect(before.exits).toEqual([]);
    });
    before.send("SIGTERM");
    expect(reports).toEqual([
      { code: "cli.interrupted", message: "Interrupted (SIGTERM): nothing was changed.", exitCode: 143 },
    ]);
    expect(before.exits).toEqual([143]);

    // While calls are made, a second signal exits at once: apply's own code.
    const during = fakeHost();
    const second = watchInterruptions(during);
    second.onExit((exit) => reports.push(exit));
    await second.makingCalls(
      () => ['team "Support": create team'],
      async () => {
        during.send("SIGINT");
        during.send("SIGINT");
      },
    );
    expect(reports.at(-1)).toMatchObject({ code: "apply.interrupted", exitCode: 130 });
    expect(reports.at(-1)!.message).toMatch(/^Interrupted again \(SIGINT\): exiting now\./);

    const failing = fakeHost();
    const third = watchInterruptions(failing);
    third.onExit(() => {
      throw new Error("cannot write");
    });
    expect(() => failing.send("SIGINT")).toThrow("cannot write");
    expect(failing.exits).toEqual([130]);
  });
});
