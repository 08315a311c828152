// The planner: pure computation from the desired state and the live state to a Plan. It walks
// the kinds' tree the same way for every kind: match (resolve.ts), then create / update /
// replace / delete each item, keep ordered kinds in order with the fewest moves, and wire the
// dependencies (graph.ts).

import type { DesiredState } from "../kinds/registry.ts";
import { kindsOf } from "../kinds/registry.ts";
import type { BulkItem, CallDraft, Scope } from "../kinds/types.ts";
import { type Address, addressText, IdRef, ROOT, refText, sameAddress } from "../model/address.ts";
import { type Change, type ChangeAction, type FieldChange, PLAN_VERSION, type Plan } from "../model/plan.ts";
import { type LiveState, type RunMemo, runMemo } from "../model/scope.ts";
import { batchBulkCalls } from "./batch.ts";
import { Consequences } from "./consequences.ts";
import { type DraftCall, draftCall } from "./drafts.ts";
import { breakClaimCycles, probesFirst, wireDependencies } from "./graph.ts";
import { extended } from "./lists.ts";
import { withNavigation } from "./navigation.ts";
import { joinPlacements, planMoves } from "./ordering.ts";
import { joinRelocations } from "./relocations.ts";
import { removedValues } from "./removed-values.ts";
import { type Container, NONE, Resolution, type Slot, slotAt } from "./resolve.ts";
import { SensitiveFields } from "./sensitive.ts";
import { isAtOrBelow, type PlanOptions, restrictToTargets, summarize } from "./target.ts";
import { unmatchedLiveHints } from "./unmatched.ts";

/** What the calls of one container have made so far, for the rules that span its items. */
interface ContainerProgress {
  creates: string[];
  deletes: DraftCall[];
  createdSoFar: number;
  previousCreate?: string;
}

export class Planner {
  readonly resolution: Resolution;
  readonly changes: Change[] = [];
  private readonly calls: DraftCall[] = [];
  private readonly warnings: string[] = [];
  /** Dependencies left for when every container is built. */
  readonly lastly: (() => void)[] = [];
  /** The call that creates each new item, by address (as text). */
  private readonly createCalls = new Map<string, string>();
  /** The calls a bulk operation can make, by call id, with their item. */
  readonly bulkItems = new Map<string, BulkItem>();
  readonly sensitive: SensitiveFields;
  containers: Container[] = []; // the top-level ones, once planned
  /** Moves of new items, which join their creates once every container is built. */
  readonly placements: { move: Change; action: "create" | "replace" }[] = [];
  private readonly consequences = new Consequences();

  constructor(
    private readonly desired: DesiredState,
    private readonly live: LiveState,
    run: RunMemo,
  ) {
    this.resolution = new Resolution(desired, run);
    this.sensitive = new SensitiveFields(desired.sensitiveValues);
  }

  plan(): Plan {
    const root: Scope = {
      organization: this.desired.organization,
      address: ROOT,
      desired: this.desired,
      live: this.live,
      ids: {},
    };
    this.containers = kindsOf(this.desired).topLevel.map((module) =>
      this.resolution.resolve(module, root, false),
    );
    for (const container of this.containers) this.build(container);
    for (const plan of this.lastly) plan();
    joinPlacements(this.changes, this.calls, this.placements);
    joinRelocations(this.changes, this.calls);
    this.consequences.addTo(this.changes, this.resolution, this.desired);
    let nextId = this.calls.length;
    const drafts = this.calls;
    const releasedBy = breakClaimCycles(
      drafts,
      () => `k${++nextId}`,
      (temporary, call) => {
        const change = this.changes.find((candidate) => candidate.id === call.change)!;
        change.calls.splice(change.calls.indexOf(call.id), 0, temporary.id);
        const how = "by way of a temporary value: it exchanges values with another item";
        change.note = change.note ? `${change.note}; ${how}` : how;
      },
    );
    for (const draft of drafts) if (draft.bulk) this.bulkItems.set(draft.id, draft.bulk);
    const calls = wireDependencies(drafts, releasedBy);
    probesFirst(calls);
    return {
      format: "docsync-plan",
      version: PLAN_VERSION,
      organization: this.desired.organization,
      changes: this.changes,
      calls,
      warnings: this.warnings,
      summary: summarize(this.changes),
    };
  }

  // Pass 2: changes and calls.

  private build(container: Container): void {
    const progress: ContainerProgress = { creates: [], deletes: [], createdSoFar: 0 };
    const { slots } = container;
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index];
      // index is the position in the configured list: configured items come first.
      if (slot === undefined) {
        this.buildUpdate(container, index);
        continue;
      }
      if (this.consequences.takenAlong(slot, this.resolution)) continue;
      if (slot.status === "delete") this.buildDelete(container, slot, progress);
      else if (slot.status === "keep") this.buildUpdate(container, index, slot);
      else if (slot.status === "create" || slot.status === "replace")
        this.buildCreate(container, slot, index, progress);
      // Children right after their parent, so that the plan reads as a tree.
      const children = slot.containers;
      for (let at = 0; at < children.length; at++) this.build(children[at]!);
    }
    const { module } = container;
    if (module.deleteAfterCreates)
      for (const call of progress.deletes) call.after = extended(call.after, progress.creates);
    if (module.ordered && container.managed) planMoves(container, progress.creates, this);
  }

  private buildDelete(container: Container, slot: Slot, progress: ContainerProgress): void {
    const duplicate = slot.duplicateOf !== undefined;
    const { module, scope } = container;
    const removed = removedValues(module, slot.live!, slot.name, scope, this.resolution, this.desired.spaces);
    this.sensitive.previous.push(...removed.secrets);
    const change = this.addChange("delete", slot, removed.fields, module.highRisk || duplicate);
    if (duplicate) change.note = `duplicate of ${slot.duplicateOf}, which is kept (${slot.keptBecause})`;
    const drafts = container.module.remove(slot.live!, slot.address, container.scope, this.resolution);
    for (const call of this.addCalls(container, change, drafts, slot.live!.item.id))
      progress.deletes.push(call);
  }

  /** An item kept: `slot` is absent for one without a slot yet, made only if the item changes. */
  private buildUpdate(container: Container, index: number, slot?: Slot): void {
    const { module, scope } = container;
    const desired = container.items[index]!;
    const live = container.matched[index]!;
    if (slot && slot.replaceChanges.length > 0) {
      // Protected and in need of a replacement: shown, and plan and apply stop on it.
      const fields = slot.replaceChanges.map((change) => change.field).join(", ");
      const change = this.addChange("replace", slot, slot.replaceChanges, module.highRisk);
      change.blocked = `protected (protect: true), but ${fields} cannot change in place: it would need a replacement`;
      change.note = change.blocked;
      return;
    }
    const fields = module.diff(desired, live, scope, this.resolution);
    if (fields.length === 0) return;
    slot ??= slotAt(container, index);
    const risk = module.riskyChanges?.(fields);
    const change = this.addChange("update", slot, fields, risk !== undefined);
    const was = module.keyAliases ? undefined : module.liveKey(live.item);
    if (was !== undefined && was !== module.key(desired)) slot.renamedFrom = was;
    const renamed = slot.renamedFrom === undefined ? undefined : `renamed from ${JSON.stringify(was)}`;
    const note = [renamed, risk].filter((text) => text !== undefined).join("; ");
    if (note !== "") change.note = note;
    this.addCalls(
      container,
      change,
      module.update(desired, live, fields, slot.address, scope, this.resolution),
    );
  }

  private buildCreate(container: Container, slot: Slot, index: number, progress: ContainerProgress): void {
    const { module, scope } = container;
    const desired = slot.desired!;
    const liveCount = (scope.live?.children[module.kind] ?? NONE).length;
    const firstInEmptyContainer = liveCount === 0 && progress.createdSoFar === 0;
    const info = { firstInEmptyContainer, parentIsNew: container.parentIsNew, index };
    const fields = module.diff(desired, undefined, scope, this.resolution);
    const creates = module.create(desired, slot.address, scope, this.resolution, info);
    // A singleton the service makes with its new parent as configured: nothing to show or do.
    if (module.singleton && fields.length === 0 && creates.length === 0) return;
    let change: Change;
    if (slot.status === "replace") {
      change = this.addChange("replace", slot, [...slot.replaceChanges, ...fields], module.highRisk);
      change.note = `must be replaced: ${slot.replaceChanges.map((c) => c.field).join(", ")} cannot change in place`;
      const removes = module.remove(slot.live!, slot.address, scope, this.resolution);
      for (const call of this.addCalls(container, change, removes, slot.live!.item.id))
        progress.deletes.push(call);
    } else {
      change = this.addChange("create", slot, fields);
    }
    const added = this.addCalls(container, change, creates);
    const primary = added.find((call) =>
      call.captures?.some((capture) => sameAddress(capture.address, slot.address)),
    );
    if (primary) {
      // The call whose answer gives the new item's id makes it: never sent twice blindly.
      primary.create = true;
      this.createCalls.set(slot.text, primary.id);
      // Creates append at the end of an ordered list: make them in configuration order.
      if (module.ordered && progress.previousCreate)
        primary.orderAfter = extended(primary.orderAfter, [progress.previousCreate]);
      progress.previousCreate = primary.id;
      progress.creates.push(primary.id);
    }
    progress.createdSoFar++;
  }

  addChange(action: ChangeAction, slot: Slot, fields: FieldChange[], highRisk?: boolean): Change {
    const change: Change = {
      id: `c${this.changes.length + 1}`,
      action,
      kind: slot.module.kind,
      address: slot.text,
      fields: this.sensitive.mark(fields),
      calls: [],
    };
    // A field set to the id of an item this plan creates (a space's new collection) reads as that item.
    for (const field of change.fields) if (field.to instanceof IdRef) field.toText = refText(field.to);
    if (slot.live) change.liveId = slot.live.item.id;
    change.name = slot.name; // what people read it by: no renderer takes the address apart
    if (slot.container.parents.length > 0) change.parents = slot.container.parents;
    // Deletes and replacements of a kind that says so, and updates that the kind calls risky.
    if (highRisk && action !== "create" && action !== "move") change.highRisk = true;
    this.changes.push(change);
    return change;
  }

  /** Orders `call` after the calls of `kinds` made before it in its container, moves included. */
  private followCalls(container: Container, call: DraftCall, kinds: readonly string[]): void {
    const earlier = this.calls.length;
    const inside = addressText(container.scope.address);
    this.lastly.push(() => {
      const ids = new Set(
        this.changes
          .filter((change) => kinds.includes(change.kind) && isAtOrBelow(change, inside))
          .flatMap((change) => change.calls),
      );
      const before = this.calls.slice(0, earlier).filter((other) => ids.has(other.id));
      call.orderAfter = extended(
        call.orderAfter,
        before.map((other) => other.id),
      );
    });
  }

  addCalls(
    container: Container,
    change: Change,
    drafts: readonly CallDraft[],
    deletes?: string,
  ): DraftCall[] {
    // Items taken over by a new parent are touched only once it exists, so each call sees them
    // where the plan placed them.
    const heirCreate = container.waitsFor ? this.createCalls.get(addressText(container.waitsFor)) : undefined;
    const added: DraftCall[] = new Array(drafts.length);
    const ids: string[] = new Array(drafts.length);
    for (let at = 0; at < drafts.length; at++) {
      const draft = drafts[at]!;
      const call = draftCall(
        draft,
        `k${this.calls.length + 1}`,
        change.id,
        heirCreate ? [heirCreate] : undefined,
        this.resolution.referencesMade,
      );
      if (deletes && draft.method === "DELETE") call.deletes = deletes;
      if (draft.follows) this.followCalls(container, call, draft.follows);
      if (draft.probe) change.note = draft.probe.note;
      this.calls.push(call);
      ids[at] = call.id;
      added[at] = call;
    }
    change.calls = change.calls.length === 0 ? ids : change.calls.concat(ids);
    return added;
  }
}

export function buildPlan(desired: DesiredState, live: LiveState, options: PlanOptions = {}): Plan {
  const planner = new Planner(desired, live, options.run ?? runMemo());
  let plan = planner.plan();
  options.secrets?.add(planner.sensitive.previousSecrets(desired, live));
  if (options.targets && options.targets.length > 0) {
    const known = options.targetsMayBeGone
      ? () => true
      : (address: Address) => planner.resolution.knows(address);
    plan = restrictToTargets(plan, options.targets, known);
  }
  plan = withNavigation(plan, planner.containers);
  // After --target: a batch holds only the items the plan keeps, a warning only its creates.
  plan.warnings.push(...unmatchedLiveHints(planner.resolution.containers, plan, planner.resolution));
  return batchBulkCalls(plan, planner.bulkItems, planner.resolution.referencesMade);
}
