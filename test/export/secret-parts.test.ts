// Which parts of a URL an export keeps out of the file: found by their place in the URL as it
// was read, so that the rest of it is written exactly as the service gave it.

import { describe, expect, it } from "vitest";
import { secretPartsOf } from "../../src/export/url-secrets.ts";

/** Each secret part as the text it covers, with its name. */
const partsOf = (url: string) =>
  secretPartsOf(url)
    .filter((part) => !part.unsure)
    .map((part) => [part.name, url.slice(part.at, part.at + part.length)]);
/** The parts that may be secrets or not, as the text they cover. */
const unsureOf = (url: string) =>
  secretPartsOf(url)
    .filter((part) => part.unsure)
    .map((part) => url.slice(part.at, part.at + part.length));

describe("the secret parts of a URL", () => {
  it("are the values of query and fragment parameters named like a secret", () => {
    expect(partsOf("https://api.example.com/spec.yaml?v=2&token=abc123&page=3#section")).toEqual([
      ["token", "abc123"],
    ]);
    expect(partsOf("https://app.example.com/cb#access_token=xyz&state=42")).toEqual([
      ["access_token", "xyz"],
    ]);
    expect(partsOf("https://s3.example.com/a.yaml?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=ff00")).toEqual([
      ["X-Amz-Credential", "AKIA%2F1"],
      ["X-Amz-Signature", "ff00"],
    ]);
    // The name as it reads once decoded; the value as it is written.
    expect(partsOf("https://api.example.com/?api%5Fkey=k%3D1")).toEqual([["api_key", "k%3D1"]]);
  });

  it("are the password of user-info, or the user-info itself when it has none", () => {
    expect(partsOf("https://ci:p4ss@specs.example.com/a.yaml")).toEqual([["password", "p4ss"]]);
    expect(partsOf("https://ghp_token123@raw.example.com/a.yaml")).toEqual([["credential", "ghp_token123"]]);
  });

  it("are nothing else: empty values, ports, an @ in the path, parameters with other names", () => {
    expect(partsOf("https://api.example.com:8443/spec.yaml?token=&v=1")).toEqual([]);
    expect(partsOf("https://api.example.com/users/@me?page=2")).toEqual([]);
    expect(partsOf("https://api.example.com/?keyword=docs&author=ada&monkey=1")).toEqual([]);
  });

  it("are the path segment after a segment named like a secret, unless it is a plain word", () => {
    expect(partsOf("https://specs.example.com/token/t0k3n-abc/openapi.yaml")).toEqual([
      ["token", "t0k3n-abc"],
    ]);
    expect(partsOf("https://specs.example.com/api_key/Kx81/a.yaml")).toEqual([["api_key", "Kx81"]]);
    expect(partsOf("https://docs.example.com/tokens/overview")).toEqual([]);
    expect(unsureOf("https://docs.example.com/tokens/overview")).toEqual(["overview"]);
  });

  it("are path segments and parameter values that look random, whatever their names", () => {
    expect(partsOf("https://specs.acme.example/sk_live_4eC39HqLyjWDarjtT1zdp7dc/internal.yaml")).toEqual([
      ["path", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"],
    ]);
    expect(partsOf("https://api.example.com/spec.yaml?id=Zx9Qp2LmT7vB4nR8sK1wY6&v=2")).toEqual([
      ["id", "Zx9Qp2LmT7vB4nR8sK1wY6"],
    ]);
    const ordinary =
      "https://api.example.com/v2.14.0/specs/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b.yaml?date=2024-01-15";
    expect(secretPartsOf(ordinary)).toEqual([]);
  });

  it("may be secrets or not: long hex strings, such as a commit SHA, are not judged", () => {
    const raw = "https://raw.example.com/acme/specs/9fceb02d0ae598e95dc970b74767f19372d61af8/openapi.yaml";
    expect(partsOf(raw)).toEqual([]);
    expect(unsureOf(raw)).toEqual(["9fceb02d0ae598e95dc970b74767f19372d61af8"]);
  });
});
