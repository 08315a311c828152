// OpenAPI specifications of an organization, addressed by slug (unique in the organization).
// The emulator does not fetch or parse the source: every create or update is a new version,
// processed at once.

import { conflict, notFound } from "../core/http-error.ts";
import type { EmulatorState, OrganizationRecord } from "../core/state.ts";

/** `{url}` fetches the document; `{text}` carries the document itself. */
export type OpenApiSource = { url: string } | { text: string };

export interface OpenApiSpecRecord {
  id: string;
  organizationId: string;
  slug: string;
  source: OpenApiSource;
  createdAt: Date;
  updatedAt: Date;
  lastVersion: string;
  lastProcessedAt: Date;
}

const specsOf = (state: EmulatorState) => state.family("openapi", () => new Map<string, OpenApiSpecRecord>());

export function listSpecs(state: EmulatorState, organizationId: string): OpenApiSpecRecord[] {
  return [...specsOf(state).values()].filter((spec) => spec.organizationId === organizationId);
}

export function findSpec(
  state: EmulatorState,
  organizationId: string,
  slug: string,
): OpenApiSpecRecord | undefined {
  return listSpecs(state, organizationId).find((spec) => spec.slug === slug);
}

export function getSpec(state: EmulatorState, organizationId: string, slug: string): OpenApiSpecRecord {
  const spec = findSpec(state, organizationId, slug);
  if (!spec) throw notFound("OpenAPI spec", slug);
  return spec;
}

export function createSpec(
  state: EmulatorState,
  organization: OrganizationRecord,
  slug: string,
  source: OpenApiSource,
): OpenApiSpecRecord {
  if (findSpec(state, organization.id, slug)) {
    throw conflict(`OpenAPI spec "${slug}" already exists in organization "${organization.id}"`);
  }
  const specs = specsOf(state);
  const now = state.now();
  const spec: OpenApiSpecRecord = {
    id: state.ids.fresh("oas", (id) => specs.has(id)),
    organizationId: organization.id,
    slug,
    source,
    createdAt: now,
    updatedAt: now,
    lastVersion: state.ids.next("oasv"),
    lastProcessedAt: now,
  };
  specs.set(spec.id, spec);
  return spec;
}

export function updateSpec(state: EmulatorState, spec: OpenApiSpecRecord, source: OpenApiSource): void {
  const now = state.now();
  Object.assign(spec, { source, updatedAt: now, lastVersion: state.ids.next("oasv"), lastProcessedAt: now });
}

export function deleteSpec(state: EmulatorState, spec: OpenApiSpecRecord): void {
  specsOf(state).delete(spec.id);
}
