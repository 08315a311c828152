// The signal handling that the CLI and the action share, driven through a host of its own.

import { describe, expect, it } from "vitest";
import { type SignalHost, type SignalName, watchInterruptions } from "../../src/cli/interruption.ts";

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
});
