// The first steps of every library call: the configuration loaded (or taken as loaded), the
// run's redactor, an API client that reports its events to the caller instead of printing, and
// the engine's session over them, whose events become the library's own.

import { createApiClient } from "../api/client.ts";
import type { ApiClient } from "../api/client-types.ts";
import { parseTimeout, TIMEOUT_RANGE } from "../api/timeout.ts";
import { proxySettings } from "../api/transport.ts";
import {
  createSession,
  type EngineEvent,
  type Session as EngineSession,
  loadConfiguration as load,
} from "../engine/index.ts";
import { DocsyncError } from "../errors.ts";
import { Redactor } from "../secrets/redactor.ts";
import type { Configuration, ConfigurationInput, ConfigurationOptions, ConnectionSettings } from "./types.ts";

/** Loads and checks a configuration; throws a DocsyncError `config.invalid` listing every problem. */
export async function loadConfiguration(options: ConfigurationOptions): Promise<Configuration> {
  const paths = typeof options.config === "string" ? [options.config] : [...options.config];
  const env = { ...(options.env ?? process.env) };
  if (options.org !== undefined) env.DOCSYNC_ORG = options.org;
  const desired = await load({ paths, env, ...(options.cwd ? { cwd: options.cwd } : {}) }, new Redactor());
  return { organization: desired.organization, desired };
}

const isLoaded = (input: ConfigurationInput): input is { config: Configuration } =>
  typeof input.config === "object" && !Array.isArray(input.config) && "desired" in input.config;

/** The engine's session, with the configuration it runs on. */
export interface Session {
  configuration: Configuration;
  engine: EngineSession;
}

/** Runs `work` with the configuration and a client, closing the client whatever happens. */
export async function withSession<T>(
  options: ConfigurationInput & ConnectionSettings,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  // What is missing from the settings is told before anything is read.
  checkSettings(options);
  const secrets = new Redactor([options.token]);
  const configuration = isLoaded(options) ? options.config : await loadConfiguration(options);
  secrets.add(configuration.desired.sensitiveValues);
  let sent = 0;
  const client = connect(options, "env" in options ? options.env : undefined, (event) => {
    if (event.type === "request") sent += 1;
    options.onEvent?.(event);
  });
  const engine = createSession({
    client,
    secrets,
    sent: () => sent,
    onEvent: (event) => tell(event, options.onEvent, secrets),
  });
  try {
    return await work({ configuration, engine });
  } catch (error) {
    throw redacted(error, secrets);
  } finally {
    await client.close();
  }
}

/** The engine's events a caller of the library is told: the plan's warnings, each call's end. */
function tell(event: EngineEvent, onEvent: ConnectionSettings["onEvent"], secrets: Redactor): void {
  if (event.type === "warning") onEvent?.(event);
  else if (event.type === "call-ended") {
    const { outcome, changes } = event;
    onEvent?.({
      type: "call",
      summary: outcome.call.summary,
      address: changes.get(outcome.call.change)?.address ?? "",
      status: outcome.status,
      ...(outcome.status === "failed" ? { error: secrets.redact(outcome.error), code: outcome.code } : {}),
    });
  }
}

function checkSettings(settings: ConnectionSettings): void {
  if (!settings.apiUrl) throw new DocsyncError("cli.no-api-url", "No API URL: pass apiUrl.");
  if (!settings.token) throw new DocsyncError("cli.no-token", "No API token: pass token.");
}

function connect(
  settings: ConnectionSettings,
  env: ConfigurationOptions["env"] = process.env,
  onEvent: NonNullable<Parameters<typeof createApiClient>[0]["onEvent"]>,
): ApiClient {
  const timeout = settings.timeoutSeconds ?? timeoutOf(env.DOCSYNC_TIMEOUT);
  return createApiClient({
    baseUrl: settings.apiUrl,
    token: settings.token,
    ...(settings.parallelism === undefined ? {} : { parallelism: settings.parallelism }),
    ...(timeout === undefined ? {} : { timeoutMs: Math.round(timeout * 1000) }),
    proxy: proxySettings(env),
    onEvent,
  });
}

function timeoutOf(text: string | undefined): number | undefined {
  if (text === undefined || text === "") return undefined;
  const seconds = parseTimeout(text);
  if (seconds === undefined)
    throw new DocsyncError(
      "cli.usage",
      `DOCSYNC_TIMEOUT must be a number of seconds from ${TIMEOUT_RANGE.min} to ${TIMEOUT_RANGE.max} (got ${JSON.stringify(text)}).`,
    );
  return seconds;
}

/** A DocsyncError whose message holds a secret, as the same error without it. */
function redacted(error: unknown, secrets: Redactor): unknown {
  if (!(error instanceof DocsyncError)) return error;
  const message = secrets.redact(error.message);
  if (message === error.message) return error;
  // No cause: it would carry the message with the secret.
  return new DocsyncError(error.code, message, { exitCode: error.exitCode });
}
