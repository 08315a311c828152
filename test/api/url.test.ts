import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import { isLoopbackHost, resolveApiRoot } from "../../src/api/url.ts";
import { DocsyncError } from "../../src/errors.ts";

describe("the API root", () => {
  it.each([
    ["https://api.example.com", "/v1"],
    ["https://api.example.com/", "/v1"],
    ["https://api.example.com/v1", "/v1"],
    ["https://api.example.com/v1/", "/v1"],
    ["https://example.com/docs-api", "/docs-api/v1"],
  ])("%s → prefix %s", (base, prefix) => {
    expect(resolveApiRoot(base)).toEqual({ origin: new URL(base).origin, prefix });
  });

  it("requires https away from this machine", () => {
    const attempt = () => resolveApiRoot("http://api.example.com");
    expect(attempt).toThrow(DocsyncError);
    expect(attempt).toThrow(/https is required/);
    try {
      attempt();
    } catch (error) {
      expect((error as DocsyncError).code).toBe("api.insecure-url");
    }
  });

  it("accepts http on loopback hosts", () => {
    for (const base of [
      "http://localhost:8080",
      "http://127.0.0.1:1",
      "http://127.9.9.9",
      "http://[::1]:3000",
    ]) {
      expect(() => resolveApiRoot(base)).not.toThrow();
    }
    expect(isLoopbackHost("127.0.0.1.example.com")).toBe(false);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
  });

  it("explains a malformed or unsupported URL", () => {
    expect(() => resolveApiRoot("api.example.com")).toThrow(/not a valid URL/);
    expect(() => resolveApiRoot("ftp://api.example.com")).toThrow(/only https/);
    expect(() => resolveApiRoot("https://api.example.com/?x=1")).toThrow(/must not carry/);
  });

  it("is checked when the client is created", () => {
    expect(() => createApiClient({ baseUrl: "http://api.example.com", token: "t" })).toThrow(
      expect.objectContaining({ code: "api.insecure-url" }),
    );
    expect(() => createApiClient({ baseUrl: "https://api.example.com", token: "" })).toThrow(
      expect.objectContaining({ code: "api.no-token" }),
    );
  });
});
