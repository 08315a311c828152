// The first of a list's items with each key, found without a Map: a Map of a site's 263,000
// redirect sources grows by doubling to 15 MB, and its outgrown tables, as much again, are held
// until the next full collection of garbage. The index is a table of item numbers (4 bytes each)
// of a size known from the start, the keys read back from the items.

/** The items with each key, by number: which one first had a key. */
export class KeyIndex {
  /** Open addressing: the item's number plus one at a slot of its key's hash, 0 when empty. */
  private readonly slots: Int32Array;
  private readonly mask: number;

  /** `keyOf(n)`: the key of item `n`, of at most `count` items added. */
  constructor(
    count: number,
    private readonly keyOf: (n: number) => string,
  ) {
    // At most half full: a free slot is near.
    let size = 16;
    while (size < count * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  /** The number of the first item added with `key`, or -1. */
  get(key: string): number {
    const slot = this.slotOf(key);
    return (this.slots[slot] as number) - 1;
  }

  /** Adds item `n` with `key`, unless an item with that key was added: then that item's number. */
  add(n: number, key: string): number {
    const slot = this.slotOf(key);
    const first = (this.slots[slot] as number) - 1;
    if (first === -1) this.slots[slot] = n + 1;
    return first;
  }

  /** The slot holding `key`, or the free slot where it goes. */
  private slotOf(key: string): number {
    for (let slot = hash(key) & this.mask; ; slot = (slot + 1) & this.mask) {
      const held = this.slots[slot] as number;
      if (held === 0 || this.keyOf(held - 1) === key) return slot;
    }
  }
}

/** FNV-1a of the string's UTF-16 code units. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
