// Records of a resource family where each record belongs to one organization (teams, SAML
// providers, custom fields…): kept by id in creation order, which is the order of the family's
// listing, and found by id within their organization. A record of another organization answers
// 404 like a missing one, so that ids of other organizations are not disclosed.

import { notFound } from "./http-error.ts";
import type { EmulatorState } from "./state.ts";

export interface OrganizationScoped {
  id: string;
  organizationId: string;
}

/** The records of the family `family`; `what` names one record in 404 messages. */
export function organizationRecords<T extends OrganizationScoped>(family: string, what: string) {
  const all = (state: EmulatorState) => state.family(family, () => new Map<string, T>());
  return {
    /** The organization's records, in creation order. */
    list: (state: EmulatorState, organizationId: string): T[] =>
      [...all(state).values()].filter((record) => record.organizationId === organizationId),
    /** Any organization's records, in creation order. */
    everywhere: (state: EmulatorState): T[] => [...all(state).values()],
    /** The record, or 404 when there is none with that id in the organization. */
    find: (state: EmulatorState, organizationId: string, id: string): T => {
      const record = all(state).get(id);
      if (!record || record.organizationId !== organizationId) throw notFound(what, id);
      return record;
    },
    /** A generated id that no record holds: fixtures choose their own ids, which may look generated. */
    freshId: (state: EmulatorState, prefix: string): string =>
      state.ids.fresh(prefix, (id) => all(state).has(id)),
    add: (state: EmulatorState, record: T): T => {
      all(state).set(record.id, record);
      return record;
    },
    remove: (state: EmulatorState, record: T): void => {
      all(state).delete(record.id);
    },
  };
}
