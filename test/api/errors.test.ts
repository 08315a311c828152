import { describe, expect, it } from "vitest";
import {
  ApiError,
  type ApiErrorDetails,
  apiErrorCode,
  extractApiMessage,
  httpFailureMessage,
} from "../../src/api/errors.ts";
import { DocsyncError } from "../../src/errors.ts";

describe("reading error bodies", () => {
  it("reads the service's error body", () => {
    expect(extractApiMessage('{"error":{"code":400,"message":"title must be 2 to 128 characters"}}')).toBe(
      "title must be 2 to 128 characters",
    );
  });
  it("tolerates other JSON shapes", () => {
    expect(extractApiMessage('{"message":"nope"}')).toBe("nope");
    expect(extractApiMessage('{"error":"denied"}')).toBe("denied");
    expect(extractApiMessage('{"detail":"x"}')).toBe('{"detail":"x"}');
    expect(extractApiMessage("[1,2]")).toBe("[1,2]");
  });
  it("tolerates plain text, HTML and empty bodies", () => {
    expect(extractApiMessage("upstream connect error\n  or disconnect")).toBe(
      "upstream connect error or disconnect",
    );
    expect(extractApiMessage("<html><head><title>Gateway Timeout</title></head><body>…</body></html>")).toBe(
      "Gateway Timeout",
    );
    expect(extractApiMessage("<html><body>oops</body></html>")).toBeUndefined();
    expect(extractApiMessage("")).toBeUndefined();
    expect(extractApiMessage("{broken")).toBe("{broken");
  });
  it("keeps long bodies short", () => {
    expect(extractApiMessage("x".repeat(5000))?.length).toBeLessThanOrEqual(300);
  });
  it("shortens a long body between words, never inside one", () => {
    const line = "MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ";
    const body = `certificate: not a valid certificate: ${Array(8).fill(line).join(" ")}`;
    const message = extractApiMessage(body)!;
    expect(message.length).toBeLessThanOrEqual(300);
    expect(message.endsWith(`${line}…`)).toBe(true);
    expect(message.startsWith("certificate: not a valid certificate: MIID")).toBe(true);
  });
});

describe("messages", () => {
  it("names the operation, the status and the service's reason", () => {
    expect(
      httpFailureMessage("PATCH", "/orgs/org_1/sites/site_2", 400, "title must be 2 to 128 characters"),
    ).toBe("PATCH /orgs/org_1/sites/site_2 failed: 400 Bad Request: title must be 2 to 128 characters");
    expect(httpFailureMessage("GET", "/orgs", 502, "Bad Gateway")).toBe("GET /orgs failed: 502 Bad Gateway");
    expect(httpFailureMessage("GET", "/orgs", 599)).toBe("GET /orgs failed: 599");
  });
  it("is a DocsyncError whose code tells the failures apart", () => {
    const error = new ApiError(
      { method: "GET", path: "/orgs", status: 404 },
      "GET /orgs failed: 404 Not Found",
    );
    expect(error).toBeInstanceOf(DocsyncError);
    expect(error.code).toBe("api.not-found");
    expect(error.attempts).toBe(1);
    expect(error.outcomeUnknown).toBe(false);
    const code = (details: Partial<ApiErrorDetails>) =>
      apiErrorCode({ method: "POST", path: "/x", ...details });
    expect(code({ status: 401 })).toBe("api.unauthorized");
    expect(code({ status: 403 })).toBe("api.forbidden");
    expect(code({ status: 429 })).toBe("api.rate-limited");
    expect(code({ status: 400 })).toBe("api.rejected");
    expect(code({ status: 409 })).toBe("api.rejected");
    expect(code({ status: 500 })).toBe("api.unavailable");
    expect(code({ status: 503 })).toBe("api.unavailable");
    expect(code({})).toBe("api.network");
    expect(code({ status: 200, unreadable: true })).toBe("api.bad-answer");
    // A create that may have been made is told apart whatever its last answer was.
    expect(code({ status: 503, outcomeUnknown: true })).toBe("api.outcome-unknown");
    expect(code({ outcomeUnknown: true })).toBe("api.outcome-unknown");
  });
});
