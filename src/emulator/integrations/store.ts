// Integrations (spec 2.21, 4.19): published by an organization under a name that is unique
// across the service. Publishing again under the same name is an update by the same owner and
// raises `version`. Secrets are kept for the integration's runtime and never rendered.

import { conflict, notFound } from "../core/http-error.ts";
import type { EmulatorState } from "../core/state.ts";

export interface IntegrationRecord {
  name: string;
  version: number;
  ownerId: string;
  title: string;
  description: string;
  summary?: string;
  icon?: string;
  previewImages: string[];
  visibility: string;
  target?: string;
  scopes: string[];
  categories: string[];
  blocks: Record<string, unknown>[];
  contentSources: Record<string, unknown>[];
  externalLinks: { url: string; label: string }[];
  configurations?: Record<string, unknown>;
  script: string;
  secrets: Record<string, string>;
  contentSecurityPolicy?: unknown;
}

export type PublishInput = Omit<IntegrationRecord, "version">;

const all = (state: EmulatorState) =>
  state.family("integrations", () => new Map<string, IntegrationRecord>());

export const listIntegrations = (state: EmulatorState): IntegrationRecord[] => [...all(state).values()];

/** The integration, if `canSee` allows it; 404 otherwise, as if it did not exist. */
export function findIntegration(
  state: EmulatorState,
  name: string,
  canSee: (integration: IntegrationRecord) => boolean,
): IntegrationRecord {
  const integration = all(state).get(name);
  if (!integration || !canSee(integration)) throw notFound("integration", name);
  return integration;
}

/** Creates (`created: true`) or updates the integration; another owner's name is a 409. */
export function publish(
  state: EmulatorState,
  input: PublishInput,
): { integration: IntegrationRecord; created: boolean } {
  const existing = all(state).get(input.name);
  if (existing && existing.ownerId !== input.ownerId) {
    throw conflict(`integration "${input.name}" is published by another organization`);
  }
  const integration: IntegrationRecord = { ...input, version: (existing?.version ?? 0) + 1 };
  all(state).set(integration.name, integration);
  return { integration, created: existing === undefined };
}

export const unpublish = (state: EmulatorState, integration: IntegrationRecord): void => {
  all(state).delete(integration.name);
};
