// OpenAPI specifications of an organization, addressed by slug (unique in the organization).
// The emulator does not fetch or parse the source: every create or update is a new version,
// processed at once.

import { conflict, notFound } from "../core/http-error.ts";
import { organizationRecords } from "../core/records.ts";
import type { EmulatorState, OrganizationRecord } from "../core/state.ts";

/** `{url}` fetches the document; `{text}` carries the document itself. */
export type OpenApiSource = { url: string } | { text: string };

export interface OpenApiSpecRecord {
  id: string;
  organizationId: string;
  slug: string;
  source: OpenApiSource;
  createdAt: Date;
  /** Also when the last version was processed: processing is instantaneous in the emulator. */
  updatedAt: Date;
  lastVersion: string;
}

const specs = organizationRecords<OpenApiSpecRecord>("openapi", "OpenAPI spec");

export const listSpecs = specs.list;
export const deleteSpec = specs.remove;

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
  const now = state.now();
  return specs.add(state, {
    id: specs.freshId(state, "oas"),
    organizationId: organization.id,
    slug,
    source,
    createdAt: now,
    updatedAt: now,
    lastVersion: state.ids.next("oasv"),
  });
}

export function updateSpec(state: EmulatorState, spec: OpenApiSpecRecord, source: OpenApiSource): void {
  Object.assign(spec, { source, updatedAt: state.now(), lastVersion: state.ids.next("oasv") });
}
