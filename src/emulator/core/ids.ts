// Identifiers: a kind prefix and a sequence number in base 36, so that a run that makes the
// same calls in the same order gets the same ids (tests and benchmarks repeat).

export class IdGenerator {
  private readonly counters = new Map<string, number>();

  next(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_${n.toString(36).padStart(4, "0")}`;
  }

  /** The next id that is not taken: fixtures choose their own ids, which may look generated. */
  fresh(prefix: string, isTaken: (id: string) => boolean): string {
    let id = this.next(prefix);
    while (isTaken(id)) id = this.next(prefix);
    return id;
  }
}
