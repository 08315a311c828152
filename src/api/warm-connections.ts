// Connections opened ahead of the requests that will use them. Reading an organization goes in
// levels: the sites, then, once they answer, a request per site and child kind, all at once. A
// connection opened only when its request is sent costs that request a TCP (and TLS) handshake
// on top of its round trip; opened while the level before waits for its answer, it costs
// nothing. The connector below is undici's own (same timeouts, TLS sessions, keep-alive),
// wrapped so that the pool takes a connection opened ahead when there is one.

import type { Socket } from "node:net";
import { buildConnector } from "undici";

/**
 * Longest time a connection opened ahead waits for a request: servers close idle connections
 * (Node's default after 5 s), and one closed as it is handed over would fail its request.
 */
const IDLE_MS = 4_000;

type Connector = buildConnector.connector;
type Callback = buildConnector.Callback;
type ConnectOptions = buildConnector.Options;

export interface WarmConnector {
  /** The connector to give undici (`connect` of a Pool). */
  connect: Connector;
  /** Opens connections until `total` are open, opening or in use. */
  warm(total: number): void;
  /** Closes the connections no request took; later ones are closed as they connect. */
  close(): void;
}

interface Ready {
  socket: Socket;
  /** Stops watching it as an idle connection. */
  take(): void;
}

/**
 * undici answers a certificate for another host name (ERR_TLS_CERT_ALTNAME_INVALID) unlike any
 * other failure to connect: it fails the queued requests but leaves them counted as running, so
 * closing the pool then waits for them forever and the process ends with nothing settled (exit
 * 13). Under another code the failure takes undici's common path, which removes them.
 */
export const HOST_MISMATCH = "DOCSYNC_TLS_HOST_MISMATCH";

function hostMismatchAsCommonFailure(connect: Connector): Connector {
  return (options, callback) =>
    connect(options, (...args) => {
      const [error] = args;
      if (error === null || (error as { code?: unknown }).code !== "ERR_TLS_CERT_ALTNAME_INVALID") {
        callback(...args);
        return;
      }
      const renamed = new Error(error.message, { cause: error });
      callback(Object.assign(renamed, { code: HOST_MISMATCH }), null);
    });
}

export function createWarmConnector(origin: string, options: { timeoutMs: number }): WarmConnector {
  const pool = new WarmPool(
    hostMismatchAsCommonFailure(buildConnector({ timeout: options.timeoutMs })),
    origin,
  );
  return {
    connect: (connectOptions, callback) => pool.connect(connectOptions, callback),
    warm: (total) => pool.warm(total),
    close: () => pool.close(),
  };
}

/** The connections of one origin: opened ahead, waited for, handed over to the pool. */
class WarmPool {
  private readonly target: ConnectOptions;
  /** Opened ahead and connected, waiting for a request, oldest first. */
  private readonly ready: Ready[] = [];
  /** Connections of requests waiting for one opened ahead that is still connecting. */
  private readonly waiting: { options: ConnectOptions; callback: Callback }[] = [];
  private opening = 0;
  /** Connections handed to the pool and still open. */
  private inUse = 0;
  private closed = false;

  constructor(
    private readonly base: Connector,
    origin: string,
  ) {
    const url = new URL(origin);
    // As undici's client passes them for this origin (an IPv6 host without its brackets).
    this.target = {
      host: url.host,
      hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      protocol: url.protocol,
      port: url.port,
    };
  }

  /** A connection for the pool: one opened ahead, one still opening, or a new one. */
  connect(connectOptions: ConnectOptions, callback: Callback): void {
    const entry = this.takeReady();
    if (entry) {
      // As a real connect does, the callback comes after the call has returned.
      queueMicrotask(() => this.handOver(entry.socket, callback));
      return;
    }
    // One still connecting has a head start over a new one.
    if (this.opening > this.waiting.length) {
      this.waiting.push({ options: connectOptions, callback });
      return;
    }
    this.connectNow(connectOptions, callback);
  }

  warm(total: number): void {
    if (this.closed) return;
    // The first one at once, for the request about to be sent; the others once it is on its
    // way, as they are for the requests after its answer.
    if (this.open() === 0 && total > 0) this.openOne();
    setImmediate(() => {
      if (this.closed) return;
      for (let have = this.open(); have < total; have++) this.openOne();
    });
  }

  close(): void {
    this.closed = true;
    for (const entry of this.ready.splice(0)) {
      entry.take();
      entry.socket.destroy();
    }
  }

  private open(): number {
    return this.inUse + this.ready.length + this.opening;
  }

  /** The oldest connection opened ahead that is still usable: one the server ended but whose
   * end is not read yet is of no use. */
  private takeReady(): Ready | undefined {
    let entry = this.ready.shift();
    while (entry && (entry.socket.destroyed || !entry.socket.writable)) {
      entry.take();
      entry.socket.destroy();
      entry = this.ready.shift();
    }
    entry?.take();
    return entry;
  }

  private handOver(socket: Socket, callback: Callback): void {
    this.inUse += 1;
    socket.once("close", () => {
      this.inUse -= 1;
    });
    socket.ref();
    callback(null, socket);
  }

  private connectNow(connectOptions: ConnectOptions, callback: Callback): void {
    this.base(connectOptions, (error, socket) => {
      if (error !== null) callback(error, null);
      else this.handOver(socket, callback);
    });
  }

  /** Keeps a connection opened ahead until a request takes it, the server ends it, or it idles. */
  private keep(socket: Socket): void {
    // An idle connection opened ahead does not keep the process alive.
    socket.unref();
    const drop = () => {
      release();
      const at = this.ready.indexOf(entry);
      if (at !== -1) this.ready.splice(at, 1);
      socket.destroy();
    };
    const timer = setTimeout(drop, IDLE_MS).unref();
    socket.once("close", drop).once("end", drop);
    const release = () => {
      clearTimeout(timer);
      socket.off("close", drop).off("end", drop);
    };
    const entry: Ready = { socket, take: release };
    this.ready.push(entry);
  }

  private openOne(): void {
    this.opening += 1;
    const opened: Callback = (error, socket) => {
      this.opening -= 1;
      const next = this.waiting.shift();
      if (error !== null) {
        // A request waiting for it connects on its own, and meets the failure there if it lasts.
        if (next) this.connectNow(next.options, next.callback);
      } else if (next) this.handOver(socket, next.callback);
      else if (this.closed) socket.destroy();
      else this.keep(socket);
    };
    try {
      this.base(this.target, opened);
    } catch {
      // Opening ahead is only a head start: a request meets the same failure when it connects.
      this.opening -= 1;
    }
  }
}
