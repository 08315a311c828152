// The emulator answers docsync in the shapes the service publishes. Every example is planned,
// applied, planned again, checked for drift and exported against the emulator, and every
// exchange is checked against the published description (published/objects.ts,
// published/operations.ts): the answer against the operation's published answer, the request
// body against the published request body where the service's description gives one. The
// differences are printed; a few are allowed where the spec and the published description
// truly conflict (docs/emulator.md lists those conflicts).

import { beforeAll, describe, expect, it } from "vitest";
import type { RequestLogEntry } from "../../src/emulator/index.ts";
import { CONFIGURATION_EXAMPLES } from "../support/examples.ts";
import { checkExchange, type ExchangeFindings } from "./published/check.ts";
import { type ExampleTraffic, exampleTraffic } from "./published/traffic.ts";

/**
 * None: the examples' fixture serves translations in their published form (translation syncs),
 * and docsync sends them in that form.
 */
const ALLOWED_ANSWER_DIFFERENCES = 0;
const ALLOWED_REQUEST_VIOLATIONS = 0;

const EXAMPLES = CONFIGURATION_EXAMPLES;

/** The findings of a run, one block per operation and status, with how often it occurred. */
function report(findings: ExchangeFindings[], side: "answer" | "request"): string {
  const blocks = new Map<string, { count: number; lines: Set<string>; first: string }>();
  for (const finding of findings) {
    const lines = finding[side];
    if (lines.length === 0) continue;
    const key = `${finding.operation} (${finding.status})`;
    const block = blocks.get(key) ?? { count: 0, lines: new Set<string>(), first: finding.exchange };
    block.count += 1;
    for (const line of lines) block.lines.add(line);
    blocks.set(key, block);
  }
  return [...blocks]
    .map(
      ([key, block]) =>
        `  ${key} × ${block.count}, first ${block.first}\n${[...block.lines].map((line) => `    ${line}`).join("\n")}`,
    )
    .join("\n");
}

const entry = (
  fields: Partial<RequestLogEntry> & Pick<RequestLogEntry, "method" | "route">,
): RequestLogEntry => ({
  seq: 1,
  path: "/v1/…",
  query: "",
  status: 200,
  durationMs: 1,
  ...fields,
});

describe("the check against the published description", () => {
  const redirect = {
    object: "site-redirect",
    id: "siteredir_1",
    source: "/old",
    destination: { kind: "external", url: "https://example.com" },
    draft: false,
    permanent: false,
    captureWildcard: false,
    createdAt: "2026-01-02T03:04:05.678Z",
  };
  const redirects = (items: unknown[]) =>
    entry({
      method: "GET",
      route: "GET /orgs/:organizationId/sites/:siteId/redirects",
      bodies: { response: { items, count: items.length } },
    });

  it("finds nothing in an answer of the published shape", () => {
    expect(checkExchange(redirects([redirect, redirect]))).toMatchObject({ answer: [], request: [] });
  });

  it("names a missing field, a field the service does not publish, a null for an absent value and an enum value", () => {
    const { draft: _draft, ...withoutDraft } = redirect;
    const listed = checkExchange(redirects([redirect, withoutDraft, { ...redirect, note: "x" }]));
    expect(listed.answer).toEqual(["/items/*: missing draft", "/items/*: note is not a published field"]);
    const spec = checkExchange(
      entry({
        method: "GET",
        route: "GET /orgs/:organizationId/openapi",
        bodies: {
          response: {
            items: [
              {
                object: "openapi-spec",
                id: "oas_1",
                createdAt: redirect.createdAt,
                updatedAt: redirect.createdAt,
                slug: "api",
                processingState: "completed",
                lastProcessedAt: null,
                lastProcessedErrorCount: 0,
                permissions: { view: true, edit: true },
                urls: { location: "http://x/v1", app: "https://app.example/x" },
              },
            ],
            count: 1,
          },
        },
      }),
    );
    expect(spec.answer).toEqual([
      '/items/*/processingState: "completed" is not one of "pending", "progress", "complete"',
      "/items/*/lastProcessedAt: is null, published as string",
    ]);
  });

  it("checks error bodies, bodiless answers and operations it has no answer for", () => {
    const failed = entry({
      method: "GET",
      route: "GET /orgs/:organizationId",
      status: 404,
      bodies: { response: { error: { code: 404, message: "x" } } },
    });
    expect(checkExchange(failed).answer).toEqual([]);
    expect(checkExchange({ ...failed, bodies: { response: { message: "x" } } }).answer).toEqual([
      "/: missing error",
      "/: message is not a published field",
    ]);
    const deleted = entry({
      method: "DELETE",
      route: "DELETE /orgs/:organizationId/teams/:teamId",
      status: 204,
    });
    expect(checkExchange({ ...deleted, bodies: {} }).answer).toEqual([]);
    expect(checkExchange({ ...deleted, bodies: { response: {} } }).answer).toEqual([
      "/: published without a body",
    ]);
    const unknown = entry({ method: "GET", route: "GET /integrations", bodies: { response: {} } });
    expect(checkExchange(unknown).answer).toEqual(["no published answer is described for GET /integrations"]);
  });

  it("checks request bodies against the forms the service publishes", () => {
    const request = (route: string, body: unknown) =>
      checkExchange(entry({ method: route.split(" ")[0]!, route, bodies: { request: body } })).request;
    const schemaRoute = "PUT /orgs/:organizationId/sites/:siteId/adaptive-schema";
    const claims = (properties: unknown, additionalProperties: unknown = false) => ({
      jsonSchema: { type: "object", properties, additionalProperties },
    });
    expect(
      request(schemaRoute, claims({ plan: { type: "string", description: "Plan", enum: ["a"] } })),
    ).toEqual([]);
    expect(request(schemaRoute, claims({ plan: { type: "string" } }, true))).toEqual([
      "/jsonSchema/properties/plan: missing description",
      "/jsonSchema/additionalProperties: must be false, got true",
    ]);
    expect(
      request(
        schemaRoute,
        claims({
          tier: { type: "array", description: "Tiers", items: { type: "object", description: "x" } },
        }),
      ),
    ).toEqual(['/jsonSchema/properties/tier/items: type "object" is not one of the published forms']);
    const siteRoute = "PATCH /orgs/:organizationId/sites/:siteId";
    expect(request(siteRoute, { proxy: "acme.com/docs" })).toEqual([]);
    expect(request(siteRoute, { proxy: null })).toEqual([]);
    expect(request(siteRoute, { proxy: "https://acme.com/docs" })).toEqual([
      '/proxy: must match pattern "^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(\\/[\\w-]+)+$"',
    ]);
    const grantRoute = "POST /spaces/:spaceId/permissions";
    expect(request(grantRoute, { role: null, users: ["usr_a"] })).toEqual([]);
    expect(request(grantRoute, { role: "edit" })).toEqual(["/: missing teams", "/: missing users"]);
    expect(request(grantRoute, { role: "edit", teams: [] })).toEqual([
      "/teams: must NOT have fewer than 1 items",
    ]);
    const bulkRoute = "PUT /orgs/:organizationId/sites/:siteId/redirects";
    expect(request(bulkRoute, { redirects: [{ source: "/a", destination: null, permanent: true }] })).toEqual(
      [],
    );
    expect(request(bulkRoute, { redirects: [] })).toEqual(["/redirects: must NOT have fewer than 1 items"]);
    expect(request("POST /orgs/:organizationId/translations", { title: "French" })).toEqual([
      "/: missing source",
      "/: missing language",
    ]);
    expect(
      request("POST /orgs/:organizationId/translations", {
        source: { space: "spc_a", language: "en" },
        language: "fr",
      }),
    ).toEqual([]);
    expect(
      request("POST /orgs/:organizationId/sites/:siteId/sections", { spaceId: "spc_a", path: "a" }),
    ).toEqual(["/: path is not a published field"]);
  });
});

describe("docsync's traffic for every example, against the published description", () => {
  const runs: ExampleTraffic[] = [];
  beforeAll(async () => {
    for (const example of EXAMPLES) runs.push(await exampleTraffic(example));
  }, 120_000);

  it("runs every example through plan, apply, plan, drift and export", () => {
    expect(runs.map((run) => run.example)).toEqual(EXAMPLES);
    for (const run of runs) {
      expect(run.failures).toEqual([]);
      expect(run.exchanges.length).toBeGreaterThan(50);
    }
  });

  it(`differs in at most ${ALLOWED_ANSWER_DIFFERENCES} answers and ${ALLOWED_REQUEST_VIOLATIONS} request bodies`, () => {
    const findings = runs.flatMap((run) => run.exchanges.map(checkExchange));
    const answers = findings.filter((finding) => finding.answer.length > 0).length;
    const requests = findings.filter((finding) => finding.request.length > 0).length;
    console.log(
      `${findings.length} exchanges of ${runs.length} examples: ${answers} answers differ from the published description, ${requests} request bodies break it\n` +
        `answers:\n${report(findings, "answer") || "  none"}\nrequest bodies:\n${report(findings, "request") || "  none"}`,
    );
    expect(answers).toBeLessThanOrEqual(ALLOWED_ANSWER_DIFFERENCES);
    expect(requests).toBeLessThanOrEqual(ALLOWED_REQUEST_VIOLATIONS);
  });
});
