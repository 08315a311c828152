// A saved plan holds no sensitive value: a call body's string that is one, or holds one among
// other text (a URL with a token), is sealed with the value's digest, shown as "(sensitive)",
// and filled in again from the configuration when the plan is applied.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState } from "../../src/config/types.ts";
import type { Plan } from "../../src/model/plan.ts";
import { sealPlan, shownSealed, unsealPlan } from "../../src/saved/saved.ts";
import { Redactor } from "../../src/secrets/redactor.ts";

const TOKEN = 'tok"en\\with\tall-0123';
const KEY = "second-secret-4567";
const body = {
  source: { url: `https://api.acme.example/openapi.yaml?token=${TOKEN}&key=${KEY}` },
  certificate: TOKEN,
  title: "Docs",
};

const plan: Plan = {
  format: "docsync-plan",
  version: 1,
  organization: "org_1",
  changes: [],
  calls: [
    { id: "k1", change: "c1", method: "PUT", path: "/orgs/org_1/x", body, dependsOn: [], summary: "update" },
  ],
  warnings: [],
  summary: { create: 0, update: 1, replace: 0, move: 0, delete: 0 },
};

const desired = (sensitiveValues: string[]): DesiredState => ({
  files: ["docsync.yaml"],
  organization: "org_1",
  spaces: {},
  policy: { prune: [...DEFAULT_PRUNE] },
  sensitiveValues,
});

describe("sealing a saved plan", () => {
  const secrets = [TOKEN, KEY];
  const saved = sealPlan(plan, desired(secrets), {
    apiUrl: "https://api.example.com/v1",
    secrets: new Redactor(secrets),
  });

  it("keeps no secret, whole or within a string", () => {
    const text = JSON.stringify(saved);
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
    }
    const digests = new Set(text.match(/"\$sensitive":"sha256:[0-9a-f]{64}"/g));
    expect(digests.size).toBe(2);
  });

  it("shows each sealed value as (sensitive), the text around it as it is", () => {
    expect(shownSealed(saved.calls[0]!.body)).toEqual({
      source: { url: "https://api.acme.example/openapi.yaml?token=(sensitive)&key=(sensitive)" },
      certificate: "(sensitive)",
      title: "Docs",
    });
  });

  it("is filled in again from the configuration's values, and refused without them", () => {
    expect(unsealPlan(saved, secrets).calls[0]!.body).toEqual(body);
    expect(() => unsealPlan(saved, [TOKEN])).toThrow(
      expect.objectContaining({ code: "plan.sensitive-missing" }),
    );
  });
});
