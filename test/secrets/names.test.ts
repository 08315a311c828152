// The one vocabulary of names that say a value is a secret, for the variables a configuration
// interpolates and for the parts of live values an export keeps out.

import { describe, expect, it } from "vitest";
import { namedLikeSecret, wordsOf } from "../../src/secrets/names.ts";

describe("names like a secret's", () => {
  it("are the names of tokens, keys, passwords, signatures and credentials, in any case and form", () => {
    for (const name of [
      "SPEC_TOKEN",
      "token",
      "access_token",
      "GITHUBTOKEN",
      "client_secret",
      "PASSWORD",
      "passwd",
      "pass",
      "pwd",
      "API_KEY",
      "apiKey",
      "key",
      "DEPLOY_KEY",
      "sessionKey",
      "X-Amz-Signature",
      "X-Amz-Credential",
      "sig",
      "auth",
      "Authorization",
      "jwt",
      "PRIVATE_KEY",
    ]) {
      expect([name, namedLikeSecret(name)]).toEqual([name, true]);
    }
  });

  it("are not names that only hold such a word inside another", () => {
    for (const name of [
      "monkey",
      "keyword",
      "author",
      "signup",
      "passage",
      "oauth_state",
      "v",
      "page",
      "title",
    ]) {
      expect([name, namedLikeSecret(name)]).toEqual([name, false]);
    }
  });

  it("are read word by word", () => {
    expect(wordsOf("X-Amz-Signature")).toEqual(["x", "amz", "signature"]);
    expect(wordsOf("sessionKey")).toEqual(["session", "key"]);
    expect(wordsOf("Okta SSO")).toEqual(["okta", "sso"]);
  });
});
