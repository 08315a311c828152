// A call the kinds drafted, as the planner keeps it until its dependencies are wired: the
// references in its body (and in its other form's and its recovery's) lifted out beside it, and
// the items it refers to gathered from them, for the graph to wait on their creates.

import type { CallDraft } from "../kinds/types.ts";
import type { Address } from "../model/address.ts";
import type { Alternate, Recover } from "../model/plan.ts";
import {
  type ApiPath,
  addOnce,
  type BodyRef,
  holdsReference,
  liftReferences,
  referencedBy,
} from "../model/references.ts";

export interface DraftCall extends Omit<CallDraft, "alternate" | "recover"> {
  recover: Recover | undefined;
  id: string;
  /** The places in `body` that name items this plan creates (the body holds null there). */
  ids: BodyRef[] | undefined;
  alternate: Alternate | undefined;
  change: string;
  /** Calls this one must follow for reasons the planner knows (deletes after creates); made when first needed. */
  after: string[] | undefined;
  /** Calls this one follows only to keep a navigation order; made when first needed. */
  orderAfter: string[] | undefined;
  /** The live id this call deletes, if it is a delete. */
  deletes?: string | undefined;
}

/**
 * A drafted call as the planner keeps it. Every field is set, to undefined when absent, so that
 * all calls share one shape (a plan may hold 100,000 of them). `references` says whether the plan
 * has given out any reference so far: without one, no body holds one, and none is looked for.
 */
export function draftCall(
  draft: CallDraft,
  id: string,
  change: string,
  after: string[] | undefined,
  references = true,
): DraftCall {
  // Most bodies hold no reference: they are kept as they are, with nothing made for them.
  let body = draft.body;
  let ids: BodyRef[] | undefined;
  if (references && holdsReference(body)) ({ body, ids } = liftReferences(body));
  const recover = draft.recover && references ? recoverOf(draft.recover) : draft.recover;
  let alternate: Alternate | undefined;
  if (draft.alternate) {
    const { route, method, path } = draft.alternate;
    alternate = { route, method, path };
    if (draft.alternate.body !== undefined) {
      const lifted = liftReferences(draft.alternate.body);
      alternate.body = lifted.body;
      if (lifted.ids) alternate.ids = lifted.ids;
    }
  }
  return {
    method: draft.method,
    path: draft.path,
    body,
    ids,
    summary: draft.summary,
    needs: needsOf(draft, ids, alternate, recover),
    captures: draft.captures,
    create: draft.create,
    recover,
    alternate,
    claims: draft.claims,
    releases: draft.releases,
    unrefs: draft.unrefs,
    temporary: draft.temporary,
    bulk: draft.bulk,
    probe: draft.probe,
    refusal: draft.refusal,
    id,
    change,
    after,
    orderAfter: undefined,
    deletes: undefined,
  };
}

/** A drafted recovery as the plan keeps it: the same object unless its match names a new item. */
function recoverOf(draft: NonNullable<CallDraft["recover"]>): Recover {
  if (!holdsReference(draft.match)) return draft;
  const lifted = liftReferences(draft.match);
  if (!lifted.ids) return draft;
  return { ...draft, match: lifted.body as Record<string, unknown>, ids: lifted.ids };
}

/** Whether a path names a new item. */
const plain = (path: ApiPath) => typeof path === "string";

/**
 * The items this plan creates that a call refers to: those its path, body, other form and
 * recovery name by reference, then those it needs otherwise. Undefined for none.
 */
function needsOf(
  draft: CallDraft,
  ids: BodyRef[] | undefined,
  alternate: Alternate | undefined,
  recover: Recover | undefined,
) {
  // Most calls name no new item: nothing to gather.
  if (
    plain(draft.path) &&
    ids === undefined &&
    !draft.needs &&
    (alternate === undefined || (plain(alternate.path) && alternate.ids === undefined)) &&
    (recover === undefined || (plain(recover.list) && recover.ids === undefined))
  )
    return undefined;
  const found: Address[] = referencedBy(draft.path, ids, []);
  if (alternate) referencedBy(alternate.path, alternate.ids, found);
  if (recover) referencedBy(recover.list, recover.ids, found);
  if (draft.needs) for (const address of draft.needs) addOnce(found, address);
  return found.length > 0 ? found : undefined;
}
