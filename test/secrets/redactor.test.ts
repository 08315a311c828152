// The redactor: a secret is found in every form it may take in a text, and pieces of it too,
// while the rest of the text stays as it was.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { literalForms } from "../../src/secrets/forms.ts";
import { Redactor } from "../../src/secrets/redactor.ts";

const LINES = [
  "MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ",
  "RTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYD",
  "VQQDExlCYWx0aW1vcmUgQ3liZXJUcnVzdCBSb290MB4XDTAwMDUxMjE4NDYwMFoX",
  "xw4Ex2k=",
];
const PEM = `-----BEGIN CERTIFICATE-----\n${LINES.join("\n")}\n-----END CERTIFICATE-----\n`;
const TOKEN = "tok_5f1d8c2a9b7e4d3c";

const redactor = () => new Redactor([PEM, TOKEN]);

/** No line of the certificate, no 16 characters of it in a row, and not the token. */
function expectClean(text: string): void {
  expect(text).not.toContain(TOKEN);
  for (const line of LINES) expect(text).not.toContain(line);
  const body = LINES.join("");
  for (let at = 0; at + 16 <= body.length; at++) expect(text).not.toContain(body.slice(at, at + 16));
}

describe("the redactor", () => {
  it("replaces a secret as it is, and leaves the rest of the text alone", () => {
    expect(redactor().redact(`token ${TOKEN} refused`)).toBe("token (sensitive) refused");
    expect(redactor().redact(`certificate: ${PEM}`)).toBe("certificate: (sensitive)");
    expect(redactor().redact("nothing secret here: MIID, BEGIN CERTIFICATE")).toBe(
      "nothing secret here: MIID, BEGIN CERTIFICATE",
    );
  });

  it("finds a secret JSON-escaped, with other line breaks, trimmed or on one line", () => {
    const r = redactor();
    const forms = [
      JSON.stringify({ certificate: PEM }),
      PEM.replace(/\n/g, "\r\n"),
      PEM.trim(),
      PEM.trim().replace(/\s+/g, " "),
      JSON.stringify(PEM.replace(/\n/g, "\r\n")),
      LINES.join(""),
    ];
    for (const form of forms) {
      const text = r.redact(`400 Bad Request: certificate ${form} is not valid`);
      expectClean(text);
      expect(text).toMatch(/^400 Bad Request: certificate .*\(sensitive\).* is not valid$/);
    }
    expect(r.redact(JSON.stringify({ certificate: PEM }))).toBe('{"certificate":"(sensitive)"}');
  });

  it("finds a secret with quotes, backslashes and tabs as it is, JSON-escaped and percent-encoded", () => {
    const secret = 'to"k\\en\twith all';
    const r = new Redactor([secret]);
    const url = (token: string) => `https://api.acme.example/spec?token=${token}&v=1`;
    for (const form of [
      secret,
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
      encodeURI(secret),
    ]) {
      expect(r.redact(`refused ${url(form)}`), form).toBe(`refused ${url("(sensitive)")}`);
    }
  });

  it("finds a secret holding quotes, backslashes or tabs as JSON quotes it, escaped", () => {
    // None holds 16 base64 characters in a row: only its literal forms can find it.
    const secrets = [
      'pa"ss\\wo\trd',
      "C:\\keys\\prod\\",
      '"quoted"\tand\ttabbed',
      "tab\tbefore\u0001control",
    ];
    const r = new Redactor(secrets);
    for (const secret of secrets) {
      expect(r.redact(`value ${secret} refused`)).toBe("value (sensitive) refused");
      expect(r.redact(`invalid body ${JSON.stringify({ password: secret })}`)).toBe(
        'invalid body {"password":"(sensitive)"}',
      );
      expect(r.redact(`password: invalid value ${JSON.stringify(secret)}`)).toBe(
        'password: invalid value "(sensitive)"',
      );
    }
  });

  it("finds pieces of a certificate: a quote cut off, re-wrapped, or a single line", () => {
    const r = redactor();
    const cut = `certificate: ${PEM.slice(0, 140)}…`;
    expectClean(r.redact(cut));
    expect(r.redact(cut)).toMatch(
      /^certificate: -----BEGIN CERTIFICATE-----\n\(sensitive\)\n\(sensitive\)…$/,
    );
    const rewrapped = LINES.join("")
      .match(/.{1,40}/g)!
      .join("\n");
    expectClean(r.redact(rewrapped));
    expect(r.redact(`last line: ${LINES[3]}.`)).toBe("last line: (sensitive).");
  });

  it("finds any 16 characters of a certificate in a row, wherever they start and whatever surrounds them", () => {
    const r = redactor();
    const body = LINES.join("");
    for (let start = 0; start + 16 <= 80; start++) {
      for (const padding of ["", "Q", "QQQQQQQ", "QQQQQQQQ"]) {
        const piece = body.slice(start, start + 16);
        const redacted = r.redact(`${padding}${piece}${padding}`);
        expect(redacted).toContain("(sensitive)");
        expect(redacted).not.toContain(piece.slice(0, 8));
        expect(redacted).not.toContain(piece.slice(8));
      }
    }
    // Fifteen are not enough: they could be anything.
    expect(r.redact(body.slice(0, 15))).toBe(body.slice(0, 15));
  });

  it("redacts every string of a JSON value", () => {
    const value = { message: `bad ${TOKEN}`, nested: [{ pem: PEM }], count: 3, flag: true, none: null };
    expect(redactor().redactValue(value)).toEqual({
      message: "bad (sensitive)",
      nested: [{ pem: "(sensitive)" }],
      count: 3,
      flag: true,
      none: null,
    });
  });

  it("finds a secret, or a piece of one, in one string of a value of a hundred thousand", () => {
    const changes = Array.from({ length: 100_000 }, (_, n) => ({ key: `/old/page-${n}`, fields: [] }));
    const piece = LINES.join("").slice(30, 46);
    const held = { changes, last: [`quoted: ${piece}`, { [`${TOKEN}`]: 1 }] };
    const redacted = redactor().redactValue(held);
    expect(redacted.last).toEqual(["quoted: (sensitive)", { "(sensitive)": 1 }]);
    expect(redacted.changes[99_999]).toEqual({ key: "/old/page-99999", fields: [] });
    const clean = { changes, split: ["tok_5f1d8c2a", "9b7e4d3c"] };
    expect(redactor().redactValue(clean)).toEqual(clean);
  });

  it("finds a secret in a value exactly as in each of its strings, whatever the value's escapes", () => {
    // A secret with a quote and a space, whose JSON form has escapes of its own, beside the token.
    const QUOTED = 'pa"ss word\\42!';
    const r = new Redactor([PEM, TOKEN, QUOTED]);
    const each = (value: unknown): unknown => {
      if (typeof value === "string") return r.redact(value);
      if (Array.isArray(value)) return value.map(each);
      if (value !== null && typeof value === "object")
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [r.redact(key), each(item)]));
      return value;
    };
    const text = fc
      .array(
        fc.constantFrom(
          ...["a", " ", '"', "\\", "\n", "/", "é", "x", TOKEN, QUOTED, LINES[1]!.slice(5, 25)],
          // The secret as a JSON or Markdown writer escapes it, and with a line break for its space.
          ...[JSON.stringify(QUOTED).slice(1, -1), QUOTED.replace('"', '\\"'), QUOTED.replace(" ", "\n")],
        ),
        {
          maxLength: 6,
        },
      )
      .map((parts) => parts.join(""));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(text, tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(r.redactValue(v)).toEqual(each(v));
      }),
      { numRuns: 2000 },
    );
  });

  it("redacts the keys of a JSON value's objects too", () => {
    expect(redactor().redactValue({ items: { [`translation "Français ${TOKEN}"`]: "a50f3fe0" } })).toEqual({
      items: { 'translation "Français (sensitive)"': "a50f3fe0" },
    });
  });

  it("finds in a value a secret written shorter than it is: its lines joined, or a short line of a certificate", () => {
    const joined = new Redactor(["abcd\nefgh"]);
    expect(joined.redactValue({ lines: "abcdefgh", shorter: "bcdefgh" })).toEqual({
      lines: "(sensitive)",
      shorter: "bcdefgh",
    });
    expect(redactor().redactValue({ last: [LINES[3]!, "xw4Ex2k"] })).toEqual({
      last: ["(sensitive)", "xw4Ex2k"],
    });
  });

  it("learns secrets as they become known, and ignores empty or very short ones", () => {
    const r = new Redactor([undefined, "", "abc"]);
    expect(r.redact("abc")).toBe("abc");
    r.add([TOKEN]);
    expect(r.redact(`${TOKEN}`)).toBe("(sensitive)");
    r.add([PEM]);
    expectClean(r.redact(`${TOKEN} ${PEM}`));
  });

  it("lists the literal forms of a PEM secret longest first: its base64 body joined and line by line", () => {
    const forms = literalForms(PEM);
    expect(forms[0]!.length).toBeGreaterThanOrEqual(forms.at(-1)!.length);
    expect(forms).toEqual(expect.arrayContaining([LINES.join(""), ...LINES]));
  });
});

describe("the redactor, on forms a secret takes on its way into a text", () => {
  const INSTRUCTIONS = 'Step 1: call +1 555 0100\n\nStep 2: say "opal-42"\n  then wait & see';
  const PASSWORD = "p@ss word/x";
  const TITLE = "Français trsec_9f8e7d6c5b4a";
  const r = new Redactor([INSTRUCTIONS, PASSWORD, TITLE]);
  const SECRETS = { INSTRUCTIONS, PASSWORD, TITLE };

  /** Each secret, written by `write`, is replaced whole, and the text around it is kept. */
  function expectFound(write: (secret: string) => string): void {
    for (const [name, secret] of Object.entries(SECRETS)) {
      const form = write(secret);
      expect(r.redact(`refused <${form}> here`), `${name}: ${form}`).toBe("refused <(sensitive)> here");
    }
  }

  it("finds a multi-line secret with its whitespace collapsed, each line break a space, or lines joined", () => {
    expectFound((secret) => secret.replace(/\s+/g, " "));
    expectFound((secret) => secret.replace(/\n/g, " "));
    expectFound((secret) => secret.replace(/\n/g, "\r\n"));
    expectFound((secret) => secret.replace(/\n\s*/g, ""));
    expectFound((secret) => JSON.stringify(secret.replace(/\s+/g, " ")).slice(1, -1));
  });

  it("finds a secret URI-encoded: encodeURIComponent, encodeURI, form-encoded with + for a space, lower-case hex", () => {
    expectFound(encodeURIComponent);
    expectFound(encodeURI);
    expectFound((secret) => new URLSearchParams({ q: secret }).toString().slice(2));
    expectFound((secret) => encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
    expectFound((secret) => encodeURIComponent(secret.replace(/\s+/g, " ")));
    expect(r.redact("https://db.example/login?user=ada&pw=p%40ss+word%2Fx&next=1")).toBe(
      "https://db.example/login?user=ada&pw=(sensitive)&next=1",
    );
  });

  it("finds a secret escaped for JSON (ASCII only too), HTML or Markdown, and base64-encoded", () => {
    expectFound((secret) => JSON.stringify(secret).slice(1, -1));
    expectFound((secret) =>
      JSON.stringify(secret)
        .slice(1, -1)
        .replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
    );
    expectFound((secret) => secret.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;"));
    expectFound((secret) => secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
    expectFound((secret) => secret.replace(/[\\`*_[\]|~$#!]/g, (c) => `\\${c}`));
    expectFound((secret) => Buffer.from(secret).toString("base64"));
  });

  it("finds a secret outside the basic plane JSON-escaped by its UTF-16 units", () => {
    const emoji = new Redactor(["key🔑vault-9"]);
    expect(emoji.redact('{"k":"key\\ud83d\\udd11vault-9"}')).toBe('{"k":"(sensitive)"}');
    expect(emoji.redact(`?k=${encodeURIComponent("key🔑vault-9")}`)).toBe("?k=(sensitive)");
  });

  it("leaves alone text that only looks like a secret in part", () => {
    for (const text of ["p@ss word", "Français trsec_", "Step 1: call +1 555 0100", "p%40ss+word"]) {
      expect(r.redact(text)).toBe(text);
    }
  });
});
