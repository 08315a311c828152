import { describe, expect, it } from "vitest";
import { classifyNetworkError, formatDuration } from "../../src/api/transport.ts";

const failing = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("network failures", () => {
  it("knows a refused connection sent nothing", () => {
    expect(classifyNetworkError(failing("ECONNREFUSED"))).toMatchObject({
      reason: "connection refused",
      ambiguous: false,
      retryable: true,
    });
  });
  it("treats resets and response timeouts as possibly processed", () => {
    for (const code of ["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]) {
      expect(classifyNetworkError(failing(code))).toMatchObject({
        reason: "connection reset",
        ambiguous: true,
      });
    }
    expect(classifyNetworkError(failing("UND_ERR_HEADERS_TIMEOUT"))).toMatchObject({
      ambiguous: true,
      retryable: true,
    });
  });
  it("finds the code on a wrapped cause", () => {
    const wrapped = new Error("fetch failed", { cause: failing("ECONNREFUSED") });
    expect(classifyNetworkError(wrapped).reason).toBe("connection refused");
  });
  it("does not retry an unknown host or a TLS failure", () => {
    expect(classifyNetworkError(failing("ENOTFOUND"))).toMatchObject({
      reason: "host not found",
      retryable: false,
    });
    expect(classifyNetworkError(failing("CERT_HAS_EXPIRED"))).toMatchObject({
      retryable: false,
      ambiguous: false,
    });
  });
  it("keeps only a plain copy of the cause", () => {
    const original = Object.assign(failing("ECONNRESET", "socket hang up"), { socket: { secret: "x" } });
    const { cause } = classifyNetworkError(original);
    expect(cause).not.toBe(original);
    expect(cause.message).toBe("ECONNRESET: socket hang up");
    expect(Object.keys(cause)).toEqual([]);
  });
  it("formats durations", () => {
    expect(formatDuration(30_000)).toBe("30s");
    expect(formatDuration(250)).toBe("250ms");
  });
});
