// Checks exchanges of the emulator's request log (recorded with their bodies) against the
// published description: each answer against its operation's published answer, each request
// body against the published request body where there is one.

import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { RequestLogEntry } from "../../../src/emulator/index.ts";
import { definitions } from "./objects.ts";
import { type Answer, answers, NO_BODY, requestDefinitions, requests } from "./operations.ts";
import { siteDefinitions } from "./site-objects.ts";

export interface ExchangeFindings {
  /** `GET /v1/orgs/org_acme/sites (200)` */
  exchange: string;
  /** The operation's route, or the path when no route answered. */
  operation: string;
  status: number;
  /** How the answer differs from the published one, one line per difference. */
  answer: string[];
  /** How the request body breaks the published request body. */
  request: string[];
}

const ajv = new Ajv({
  allErrors: true,
  discriminator: true,
  strict: true,
  strictTypes: false,
  // "One of teams or users" names fields that the branches do not redeclare.
  strictRequired: false,
});
ajv.addSchema({
  $id: "published",
  definitions: { ...definitions, ...siteDefinitions, ...requestDefinitions },
});

const compiled = new Map<string, ValidateFunction>();
function validator(key: string, schema: object): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    // Inside the description, `#/definitions/X` names its definitions.
    const rooted = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/definitions/', '"published#/definitions/'),
    );
    validate = ajv.compile(rooted);
    compiled.set(key, validate);
  }
  return validate;
}

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;

/** One line per difference, list indexes folded (`/items/*`) so that a listing says it once. */
function describe(error: ErrorObject, data: unknown): string | undefined {
  const at = error.instancePath.replace(/\/\d+(?=\/|$)/g, "/*") || "/";
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${at}: missing ${params.missingProperty}`;
    case "additionalProperties":
      return `${at}: ${params.additionalProperty} is not a published field`;
    case "enum":
      return `${at}: ${JSON.stringify(valueAt(data, error.instancePath))} is not one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return `${at}: must be ${JSON.stringify(params.allowedValue)}, got ${JSON.stringify(valueAt(data, error.instancePath))}`;
    case "type":
      // The null branch of a nullable field: the other branch says what is wrong.
      if (params.type === "null" && error.schemaPath.includes("/anyOf/")) return undefined;
      return `${at}: is ${kindOf(valueAt(data, error.instancePath))}, published as ${params.type}`;
    case "discriminator":
      return `${at}: ${params.tag} ${JSON.stringify(params.tagValue)} is not one of the published forms`;
    case "anyOf":
    case "oneOf":
      // The branches' own errors say what is wrong.
      return undefined;
    default:
      return `${at}: ${error.message}`;
  }
}

function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const part of pointer.split("/").slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[
      part.replaceAll("~1", "/").replaceAll("~0", "~")
    ];
  }
  return value;
}

function differences(key: string, schema: object, data: unknown): string[] {
  const validate = validator(key, schema);
  if (validate(data)) return [];
  const lines = (validate.errors ?? [])
    .map((error) => describe(error, data))
    .filter((line) => line !== undefined);
  return [...new Set(lines)];
}

function checkAnswer(entry: RequestLogEntry, answer: Answer | undefined): string[] {
  const body = entry.bodies?.response;
  if (entry.status === 0) return [];
  if (entry.status >= 400) return differences("Error", { $ref: "#/definitions/Error" }, body);
  if (answer === undefined) return [`no published answer is described for ${entry.route ?? entry.path}`];
  if (answer === NO_BODY) return body === undefined ? [] : ["/: published without a body"];
  if (body === undefined) return ["/: no body, published with one"];
  return differences(`answer ${entry.route}`, answer, body);
}

export function checkExchange(entry: RequestLogEntry): ExchangeFindings {
  const operation = entry.route ?? `${entry.method} ${entry.path}`;
  const requestSchema = entry.route ? requests[entry.route] : undefined;
  return {
    exchange: `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ""} (${entry.status})`,
    operation,
    status: entry.status,
    answer: checkAnswer(entry, entry.route ? answers[entry.route] : undefined),
    request: requestSchema ? differences(`request ${entry.route}`, requestSchema, entry.bodies?.request) : [],
  };
}
