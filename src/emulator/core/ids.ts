// Identifiers: a kind prefix and a sequence number in base 36, so that a run that makes the
// same calls in the same order gets the same ids (tests and benchmarks repeat).

export class IdGenerator {
  private readonly counters = new Map<string, number>();

  next(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_${n.toString(36).padStart(4, "0")}`;
  }
}
