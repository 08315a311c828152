// Turns the live organization into configuration: the generic walk over the kinds' tree. Each
// kind says how one of its live items is written (`toConfig`); the walk gives it its scope, the
// names of spaces and the exported keys of other items, and exports children when asked.

import type { PrunableKind } from "../config/types.ts";
import { childrenOf } from "../kinds/items-of.ts";
import type { KindSet } from "../kinds/kind-set.ts";
import type { AnyKind, ExportContext, ExportedItem, LiveNode, NodeOf, Scope } from "../kinds/types.ts";
import type { AbsentRead } from "../live/absent-list.ts";
import { scopeOfNode } from "../live/walk.ts";
import { addressOf, addressText, ROOT } from "../model/address.ts";
import type { LiveState } from "../model/scope.ts";
import { everything } from "./read.ts";
import { SecretsKeptOut } from "./secrets.ts";

/** A YAML comment to write in a mapping: before `key`, or after its last key. */
export interface Note {
  text: string;
  key?: string;
}

export interface Conversion {
  /** The configuration of each exported top-level kind, by collection, in registry order. */
  lists: Map<PrunableKind, Record<string, unknown>[]>;
  /** Collections that some exported item lists, so that the configuration manages them. */
  managed: Set<PrunableKind>;
  /** Comments to write, by the mapping they belong in. */
  notes: WeakMap<object, Note[]>;
  warnings: string[];
  /** Space ids, in the order the configuration first names them. */
  spaceIds: string[];
  /** The natural key of every exported item, by `kind id`. */
  keys: Map<string, string>;
  /** Live items that share one natural key in one container: a configuration cannot list them. */
  collisions: string[];
  /** The secrets written as variables, and the variables. */
  secrets: SecretsKeptOut;
}

export interface Naming {
  /** The kinds to export. */
  kinds: KindSet;
  /** The name of a space id under `spaces:`. */
  space(id: string): string;
  /** Exported keys known from an earlier pass; without them, those exported so far. */
  keys?: Map<string, string>;
  /** Lists the service does not offer: their kinds are not exported there, nor managed. */
  absent?: readonly AbsentRead[];
}

const keyId = (kind: string, id: string) => `${kind} ${id}`;

/** The kinds whose list below a node could not be read, by node. */
function unreadLists(absent: readonly AbsentRead[]): WeakMap<LiveNode, Set<AnyKind>> {
  const unread = new WeakMap<LiveNode, Set<AnyKind>>();
  for (const read of absent) {
    if (read.details) continue;
    const kinds = unread.get(read.node) ?? new Set();
    kinds.add(read.kind);
    unread.set(read.node, kinds);
  }
  return unread;
}

/** What every kind's `toConfig` is given, whatever its place: it writes into `result`. */
function sharedContext(result: Conversion, naming: Naming): Omit<ExportContext, "children"> {
  const known = naming.keys ?? result.keys;
  const spaces = new Set<string>();
  return {
    space(id) {
      if (!spaces.has(id)) {
        spaces.add(id);
        result.spaceIds.push(id);
      }
      return naming.space(id);
    },
    exportedKey: (kind, id) => known.get(keyId(kind, id)),
    comment(config, text, key) {
      const notes = result.notes.get(config) ?? [];
      notes.push(key !== undefined && key in config ? { text, key } : { text });
      result.notes.set(config, notes);
    },
    warn(message) {
      if (!result.warnings.includes(message)) result.warnings.push(message);
    },
  };
}

export function convert(live: LiveState, organization: string, naming: Naming): Conversion {
  const result: Conversion = {
    lists: new Map(),
    managed: new Set(),
    notes: new WeakMap(),
    warnings: [],
    spaceIds: [],
    keys: new Map(),
    collisions: [],
    secrets: new SecretsKeptOut(),
  };
  const unread = unreadLists(naming.absent ?? []);
  const shared = sharedContext(result, naming);

  /** The items of `kind` below `parent`, exported; undefined when the kind is not exported there. */
  function exportContainer<K extends AnyKind>(
    kind: K,
    scope: Scope,
    parent: LiveNode,
  ): ExportedItem<NodeOf<K>>[] | undefined {
    // A list the service does not offer is left out, so that the file does not manage it.
    if (!kind.toConfig || unread.get(parent)?.has(kind)) return undefined;
    result.managed.add(kind.collection);
    const nodes = childrenOf(parent, kind);
    const exported: ExportedItem<NodeOf<K>>[] = [];
    for (const node of nodes) {
      const below = scopeOfNode(kind, scope, node, scope.desired);
      const done = new Map<AnyKind, ExportedItem<NodeOf<AnyKind>>[]>();
      const ctx: ExportContext = {
        ...shared,
        children(child) {
          let items = done.get(child);
          if (!items) {
            items = exportContainer(child, below, node) ?? [];
            done.set(child, items);
          }
          return items;
        },
      };
      const config = kind.toConfig(node, scope, ctx);
      if (!config) continue;
      // A singleton child (one object of each item) is its mapping, under its collection,
      // unless the parent writes it itself.
      for (const child of kind.children ?? []) {
        if (!child.singleton || done.has(child)) continue;
        const [single] = ctx.children(child);
        if (single) config[child.collection] = single.config;
      }
      for (const child of unread.get(node) ?? []) delete config[child.collection];
      if (kind.keyKeptUnique === false) pin(kind, config, node.item.id);
      const key = kind.liveKey(node.item);
      result.secrets.keepOut(config, {
        kind,
        // A singleton's key names no item: its variables take its parent's (a site's title).
        key: kind.singleton ? (scope.address.at(-1)?.key ?? key) : key,
        address: addressText(addressOf(scope.address, kind.kind, key)),
      });
      exported.push({ live: node, config });
      result.keys.set(keyId(kind.kind, node.item.id), key);
    }
    findCollisions(kind, scope, exported, result.collisions);
    return exported;
  }

  const desired = everything(organization, naming.kinds);
  const root: Scope = { organization, address: ROOT, desired, live, ids: {} };
  for (const kind of naming.kinds.topLevel) {
    const items = exportContainer(kind, root, live);
    if (!items) continue;
    result.lists.set(
      kind.collection,
      items.map((item) => item.config),
    );
  }
  return result;
}

/**
 * Writes `id:` right after the key of an item whose key the API does not keep unique: once the
 * item is renamed in the web app, its id is all that still finds it. Keys are moved, not the
 * mapping copied, since comments are kept by mapping.
 */
function pin(kind: AnyKind, config: Record<string, unknown>, id: string): void {
  const key = kind.config.identities[0]?.field;
  // An item written without that key has another identity, one the API keeps unique (a
  // translation sync: its source space and language).
  if (key === undefined || !(key in config)) return;
  const entries = Object.entries(config).filter(([field]) => field !== "id");
  for (const [field] of entries) delete config[field];
  for (const [field, value] of entries) {
    config[field] = value;
    if (field === key) config.id = id;
  }
}

/** Live items of one container that have one natural key: the configuration cannot tell them apart. */
function findCollisions(kind: AnyKind, scope: Scope, items: ExportedItem[], out: string[]): void {
  const byKey = new Map<string, string[]>();
  for (const { live } of items) {
    const item = live.item as { id: string };
    const key = kind.liveKey(item);
    const ids = byKey.get(key);
    if (ids) ids.push(item.id);
    else byKey.set(key, [item.id]);
  }
  for (const [key, ids] of byKey) {
    if (ids.length > 1)
      out.push(
        `${addressText(addressOf(scope.address, kind.kind, key))}: ${ids.length} live items (${ids.join(", ")})`,
      );
  }
}
