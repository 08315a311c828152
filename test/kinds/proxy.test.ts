// The two forms of a site proxy: what the configuration accepts, and the service's form docsync
// sends and compares in.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  comparableProxy,
  isConfigurableProxy,
  PROXY_PATTERN,
  proxyForService,
} from "../../src/kinds/site/proxy.ts";

describe("site proxy forms", () => {
  it("accepts the service's host-and-path form, with or without a scheme, up to 512 characters without it", () => {
    const longest = `acme.com/${"d".repeat(512 - "acme.com/".length)}`;
    for (const value of ["acme.com/docs", "https://acme.com/docs", "http://docs.acme.co.uk/a/b-c", longest]) {
      expect(isConfigurableProxy(value), value).toBe(true);
    }
    expect(isConfigurableProxy(`https://${longest}`)).toBe(true);
    for (const value of [
      "acme.com",
      "https://acme.com",
      "acme.com/docs/",
      "acme/docs",
      "ftp://acme.com/docs",
      "https://acme.com:8443/docs",
      `${longest}d`,
    ]) {
      expect(isConfigurableProxy(value), value).toBe(false);
    }
  });

  it("is the pattern of the configuration schema", () => {
    const fragment = JSON.parse(readFileSync("schemas/fragments/site.json", "utf8"));
    expect(fragment.properties.proxy.pattern).toBe(PROXY_PATTERN);
  });

  it("sends and compares without the scheme; null and absence stay", () => {
    expect(proxyForService("https://acme.com/docs")).toBe("acme.com/docs");
    expect(proxyForService("HTTP://acme.com/docs")).toBe("acme.com/docs");
    expect(proxyForService("acme.com/docs")).toBe("acme.com/docs");
    expect(comparableProxy("https://acme.com/docs")).toBe(comparableProxy("acme.com/docs"));
    expect(comparableProxy(null)).toBeNull();
    expect(comparableProxy(undefined)).toBeUndefined();
  });
});
