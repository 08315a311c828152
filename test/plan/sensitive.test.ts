// Sensitive field changes, decided where the planner adds them: a field whose configured value
// holds a secret shows as changed whatever its live value, the plan keeps no previous value of
// it, and the run's redactor learns the previous secret, so that no text shows it either.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState, type SourceLocation } from "../../src/config/types.ts";
import type { FieldChange } from "../../src/model/plan.ts";
import { buildPlan } from "../../src/plan/build.ts";
import { SensitiveFields } from "../../src/plan/sensitive.ts";
import { Redactor } from "../../src/secrets/redactor.ts";

const at: SourceLocation = { file: "docsync.yaml", line: 1, column: 1 };
const URL_OF = (token: string) => `https://api.acme.example/openapi.yaml?token=${token}&v=2`;

/** Secrets of several forms: plain, and with what quoting and escaping trip over. */
const SECRETS = [
  ["plain", "old-plain-token-0123", "new-plain-token-4567"],
  ["quotes", "old\"quoted'token", "new\"quoted'token"],
  ["backslashes", "old\\back\\slash\\", "new\\back\\slash\\"],
  ["a tab", "old\ttabbed\ttoken", "new\ttabbed\ttoken"],
  ["pattern characters", "old.*+?^$(){}|[]token", "new.*+?^$(){}|[]token"],
] as const;

function mark(fields: FieldChange[], sensitiveValues: string[]) {
  const sensitive = new SensitiveFields(sensitiveValues);
  return { fields: sensitive.mark(fields), previous: sensitive.previous };
}

describe("sensitive field changes", () => {
  it.each(SECRETS)(
    "a value that interpolates a secret (%s): changed, no previous value, its secret learned",
    (_, before, after) => {
      const { fields, previous } = mark(
        [
          { field: "source", from: URL_OF(before), to: URL_OF(after) },
          { field: "slug", to: "api" },
        ],
        [after],
      );
      expect(fields).toEqual([
        { field: "source", from: "(sensitive)", to: URL_OF(after), sensitive: true },
        { field: "slug", to: "api" },
      ]);
      // The previous token itself, not the URL around it: only the secret is redacted elsewhere.
      expect(previous).toEqual([before]);
    },
  );

  it("a field its kind declares sensitive: its whole previous value", () => {
    const { fields, previous } = mark(
      [{ field: "certificate", from: "OLD-CERT", to: "NEW-CERT", sensitive: true }],
      [],
    );
    expect(fields).toEqual([{ field: "certificate", from: "(sensitive)", to: "NEW-CERT", sensitive: true }]);
    expect(previous).toEqual(["OLD-CERT"]);
  });

  it("a first value has nothing before it; a previous value of another shape is a secret whole", () => {
    const first = mark([{ field: "source", to: URL_OF("new-token-0123") }], ["new-token-0123"]);
    expect(first.fields).toEqual([{ field: "source", to: URL_OF("new-token-0123"), sensitive: true }]);
    expect(first.previous).toEqual([]);
    const other = mark(
      [{ field: "source", from: "ftp://elsewhere/spec?key=old-key-0123", to: URL_OF("new-token-0123") }],
      ["new-token-0123"],
    );
    expect(other.previous).toEqual(["ftp://elsewhere/spec?key=old-key-0123"]);
  });

  it("inside an object: the previous secrets where the configured ones are, nothing else", () => {
    const { fields, previous } = mark(
      [
        {
          field: "proxy",
          from: { url: "https://proxy.example", headers: { Authorization: "Bearer old-secret-0123" } },
          to: { url: "https://proxy.example", headers: { Authorization: "Bearer new-secret-4567" } },
        },
      ],
      ["new-secret-4567"],
    );
    expect(fields[0]).toMatchObject({ from: "(sensitive)", sensitive: true });
    expect(previous).toEqual(["old-secret-0123"]);
  });

  it("leaves other fields as they are, and values too short to tell from text out", () => {
    const plain: FieldChange = { field: "title", from: "Docs", to: "Docs v2" };
    const { fields, previous } = mark([plain], ["v2", "   ", ""]);
    expect(fields[0]).toBe(plain);
    expect(previous).toEqual([]);
  });

  it("learns the previous secret of any live string shaped like a configured one, an identity too", () => {
    // A team whose title holds the secret: with a new secret it is another team, and the old
    // one, deleted, is named by its title.
    const sensitive = new SensitiveFields(["new-secret-4567"]);
    const configured = {
      teams: [{ at, title: "Partner new-secret-4567 team" }],
      sensitiveValues: ["new-secret-4567"],
    };
    const live = {
      item: { id: "org_1" },
      children: {
        team: [
          { item: { id: "team_1", title: "Partner old-secret-0123 team" }, children: {} },
          { item: { id: "team_2", title: "Writers" }, children: {} },
        ],
      },
    };
    expect(sensitive.previousSecrets(configured, live)).toEqual(["old-secret-0123"]);
  });

  it("buildPlan marks them and hands the previous secret to the run's redactor", () => {
    const desired: DesiredState = {
      files: ["docsync.yaml"],
      organization: "org_1",
      spaces: {},
      policy: { prune: [...DEFAULT_PRUNE] },
      sensitiveValues: ["new-token-4567"],
      openApiSpecs: [{ at, slug: "api", source: { url: URL_OF("new-token-4567") } }],
    };
    const live = {
      item: { id: "org_1" },
      children: {
        "OpenAPI spec": [
          { item: { id: "oas_1", slug: "api", sourceURL: URL_OF("old-token-0123") }, children: {} },
        ],
      },
    };
    const secrets = new Redactor();
    const plan = buildPlan(desired, live, { secrets });
    expect(plan.changes[0]!.fields).toEqual([
      { field: "source", from: "(sensitive)", to: URL_OF("new-token-4567"), sensitive: true },
    ]);
    expect(JSON.stringify(plan)).not.toContain("old-token-0123");
    // The call still sends the new value: the plan's calls are what apply makes.
    expect(plan.calls[0]!.body).toEqual({ source: { url: URL_OF("new-token-4567") } });
    expect(secrets.redact(`refused old-token-0123 and "${URL_OF("old-token-0123")}"`)).toBe(
      `refused (sensitive) and "https://api.acme.example/openapi.yaml?token=(sensitive)&v=2"`,
    );
  });
});
