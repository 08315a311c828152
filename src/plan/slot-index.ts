// The items of a plan by address. Most items of a large container are unchanged and have no
// children (100,000 redirects of which a few change): they are not indexed, nor are their
// addresses built, until an address under their container is asked for and not found.

/** What the index needs of an item: its address, built when first read. */
export interface Addressed {
  readonly address: string;
}

export class SlotIndex<S extends Addressed> {
  private readonly byAddress = new Map<string, S>();
  /**
   * Items not indexed yet, by the address prefix of their container (`site "Docs" › redirect `):
   * what gives them when they are needed.
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
   * Items of one container, whose addresses all begin with `prefix`, indexed when first needed:
   * `items` gives them then (and may make them then).
   */
  addLater(prefix: string, items: () => readonly S[]): void {
    const waiting = this.pending.get(prefix);
    if (waiting) waiting.push(items);
    else this.pending.set(prefix, [items]);
  }

  get(address: string): S | undefined {
    const found = this.byAddress.get(address);
    if (found !== undefined || this.pending.size === 0) return found;
    return this.indexPendingFor(address) ? this.byAddress.get(address) : undefined;
  }

  has(address: string): boolean {
    return this.get(address) !== undefined;
  }

  /** Whether an item is indexed at `address`, leaving aside those not indexed yet. */
  indexes(address: string): boolean {
    return this.byAddress.has(address);
  }

  /**
   * Indexes the pending items of every container whose prefix `address` begins with. A prefix
   * ends with a kind and a space, where the quoted key begins: each `"` after a space may start
   * the key. Returns whether it indexed any.
   */
  private indexPendingFor(address: string): boolean {
    let indexed = false;
    for (let at = address.indexOf(' "'); at >= 0; at = address.indexOf(' "', at + 1)) {
      const prefix = address.slice(0, at + 1);
      const waiting = this.pending.get(prefix);
      if (!waiting) continue;
      this.pending.delete(prefix);
      for (const give of waiting)
        for (const item of give())
          if (!this.byAddress.has(item.address)) this.byAddress.set(item.address, item);
      indexed = true;
    }
    return indexed;
  }
}
