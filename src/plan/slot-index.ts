// The items of a plan by address. Most items of a large container are unchanged and have no
// children (100,000 redirects of which a few change): they are not indexed, nor are their
// addresses built, until an address under their container is asked for and not found.

import { type Address, addressText } from "../model/address.ts";

/** What the index needs of an item: its address as text (the address's key), built when first read. */
export interface Addressed {
  readonly text: string;
}

export class SlotIndex<S extends Addressed> {
  private readonly byAddress = new Map<string, S>();
  /**
   * Items not indexed yet, by their container (`pendingKey`: its parent's address and their
   * kind): what gives them when they are needed.
   */
  private readonly pending = new Map<string, (() => readonly S[])[]>();

  /**
   * Indexes `item` at `address`; false, and nothing done, when an item is indexed there. Items
   * of one container are added together, and no other container's addresses begin as theirs.
   */
  add(address: string, item: S): boolean {
    if (this.byAddress.has(address)) return false;
    this.byAddress.set(address, item);
    return true;
  }

  /**
   * Items of `kind` below `parent`, indexed when first needed: `items` gives them then (and may
   * make them then).
   */
  addLater(parent: Address, kind: string, items: () => readonly S[]): void {
    const key = pendingKey(addressText(parent), kind);
    const waiting = this.pending.get(key);
    if (waiting) waiting.push(items);
    else this.pending.set(key, [items]);
  }

  get(address: Address): S | undefined {
    const found = this.byAddress.get(addressText(address));
    if (found !== undefined || this.pending.size === 0) return found;
    return this.indexPendingFor(address) ? this.byAddress.get(addressText(address)) : undefined;
  }

  /** The item whose address has this text, among those indexed (changes' items all are). */
  getShown(text: string): S | undefined {
    return this.byAddress.get(text);
  }

  has(address: Address): boolean {
    return this.get(address) !== undefined;
  }

  /** Whether an item is indexed at `address`, leaving aside those not indexed yet. */
  indexes(address: string): boolean {
    return this.byAddress.has(address);
  }

  /**
   * Indexes the pending items of every container `address` passes through (each of its steps
   * may be an item of one). Returns whether it indexed any.
   */
  private indexPendingFor(address: Address): boolean {
    let indexed = false;
    for (let depth = 0; depth < address.length; depth++) {
      const key = pendingKey(addressText(address.slice(0, depth)), address[depth]!.kind);
      const waiting = this.pending.get(key);
      if (!waiting) continue;
      this.pending.delete(key);
      for (const give of waiting)
        for (const item of give()) if (!this.byAddress.has(item.text)) this.byAddress.set(item.text, item);
      indexed = true;
    }
    return indexed;
  }
}

/** A container's key among the pending ones: its parent's address and its kind. */
const pendingKey = (parentText: string, kind: string): string => `${parentText}\u0000${kind}`;
