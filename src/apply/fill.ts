// Fills in the ids of items created earlier in the same apply, where a call refers to them: in
// its path, in its body (at the places the plan lists), in its other form and its recovery.

import type { AlternateRequest } from "../api/client-types.ts";
import type { RecoverSpec } from "../api/recovery.ts";
import { DocsyncError } from "../errors.ts";
import { type Address, addressText } from "../model/address.ts";
import type { Alternate, Recover } from "../model/plan.ts";
import { type ApiPath, type BodyRef, filledBody, filledPath } from "../model/references.ts";

function idIn(ids: ReadonlyMap<string, string>): (address: Address) => string {
  return (address) => {
    const id = ids.get(addressText(address));
    if (id === undefined)
      throw new DocsyncError("apply.missing-id", `the id of ${addressText(address)} is not known yet`);
    return id;
  };
}

export const fillPath = (path: ApiPath, ids: ReadonlyMap<string, string>): string =>
  filledPath(path, idIn(ids));

export const fillBody = (
  body: unknown,
  refs: readonly BodyRef[] | undefined,
  ids: ReadonlyMap<string, string>,
) => filledBody(body, refs, idIn(ids));

export function fillAlternate(alternate: Alternate, ids: ReadonlyMap<string, string>): AlternateRequest {
  const { route, method } = alternate;
  const filled: AlternateRequest = { route, method, path: fillPath(alternate.path, ids) };
  if (alternate.body !== undefined) filled.body = fillBody(alternate.body, alternate.ids, ids);
  return filled;
}

export function fillRecover(recover: Recover, ids: ReadonlyMap<string, string>): RecoverSpec {
  const { ids: _places, ...rest } = recover;
  return {
    ...rest,
    list: fillPath(recover.list, ids),
    match: fillBody(recover.match, recover.ids, ids) as Record<string, unknown>,
  };
}
