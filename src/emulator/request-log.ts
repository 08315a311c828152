// Every request the emulator received, in arrival order, and counters over them. Entries hold
// the method, path and query, never headers, so no token can appear in the log. Bodies are kept
// only when the emulator was started to record them (a test that checks the shapes exchanged).

export interface RequestLogEntry {
  /** Arrival number, from 1; entries are listed as their answers complete. */
  seq: number;
  method: string;
  /** The path as requested, e.g. `/v1/orgs/org_acme/teams`. */
  path: string;
  /** The query string without `?`, empty when there is none. */
  query: string;
  /** 0 when the connection was reset without an answer. */
  status: number;
  /** The injected fault: `reset`, `status`, `after-commit` or `cut`. */
  fault?: string;
  /** The route pattern that answered, e.g. `GET /orgs/:organizationId/teams`; absent for unknown paths. */
  route?: string;
  /** Body fields the operation does not list, ignored (never their values); absent when none. */
  ignoredFields?: string[];
  durationMs: number;
  /**
   * The request's and the answer's JSON bodies (absent when empty), kept only when the emulator
   * records bodies. They hold what was sent, sensitive values included: for in-process checks.
   */
  bodies?: ExchangeBodies;
}

export interface ExchangeBodies {
  request?: unknown;
  response?: unknown;
}

export interface RequestStats {
  total: number;
  reads: number;
  writes: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
}

export class RequestLog {
  readonly entries: RequestLogEntry[] = [];
  private seq = 0;

  /** The arrival number of a new request. */
  arrive(): number {
    this.seq += 1;
    return this.seq;
  }

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
  }

  /** Empties the log in place (holders of `entries` see it empty) and restarts numbering. */
  reset(): void {
    this.entries.length = 0;
    this.seq = 0;
  }

  stats(): RequestStats {
    const stats: RequestStats = { total: 0, reads: 0, writes: 0, byStatus: {}, byRoute: {} };
    for (const entry of this.entries) {
      stats.total += 1;
      if (entry.method === "GET") stats.reads += 1;
      else stats.writes += 1;
      stats.byStatus[entry.status] = (stats.byStatus[entry.status] ?? 0) + 1;
      if (entry.route) stats.byRoute[entry.route] = (stats.byRoute[entry.route] ?? 0) + 1;
    }
    return stats;
  }
}
