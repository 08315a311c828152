// Shows the progress events of long work (src/progress/events.ts) on the error stream: at a
// terminal as one line that updates in place, elsewhere (CI) as a plain line now and then. Pure
// but for `write` and `clock`, which the caller gives, so that tests can drive it exactly.

import type { ProgressEvent, ProgressPhase } from "../progress/events.ts";

/** How progress is shown: `line` updates in place, `plain` prints whole lines, `off` shows none. */
export type ProgressStyle = "line" | "plain" | "off";

/** `--progress` and DOCSYNC_PROGRESS: how progress is shown (progress-display.ts decides). */
export const PROGRESS_MODES = ["never", "auto", "always"] as const;
export type ProgressMode = (typeof PROGRESS_MODES)[number];

export interface ProgressRendererOptions {
  style: ProgressStyle;
  /** Writes to the error stream. */
  write: (text: string) => void;
  /** Milliseconds, for the rate and the time left. */
  clock: () => number;
  /** The terminal's width: the line is cut to fit, as a wrapped line could not be cleared. */
  columns?: number;
}

/** In plain style, a line at least this often while there is progress, or at each tenth done. */
export const PLAIN_INTERVAL_MS = 10_000;
/** At a terminal, the line is drawn at most this often (but always at a phase's start and end). */
export const LINE_INTERVAL_MS = 100;

/** Erases the terminal line the cursor is on and goes back to its start. */
const ERASE_LINE = "\r\x1b[2K";

const PHASE_NAMES: Record<ProgressPhase, string> = { read: "Reading live state", apply: "Applying" };

interface Wait {
  until: number;
  reason: string;
}

/** `45 s`, `1.5 s` */
export const secondsText = (seconds: number): string => `${Number(seconds.toFixed(1))} s`;

/** `4 s`, `2 min 5 s`: a time left, rounded up to the second. */
function durationText(ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  return minutes > 0 ? `${minutes} min ${total % 60} s` : `${total} s`;
}

/** The line that tells of a wait, in plain style and when no progress is shown. */
export function waitLine(event: Extract<ProgressEvent, { type: "wait" }>): string {
  const then = event.request ? `; then ${event.request} is sent again` : "";
  return `Waiting ${secondsText(event.seconds)}: ${event.reason}${then}.\n`;
}

export class ProgressRenderer {
  private phase: ProgressPhase | undefined;
  private done = 0;
  private total: number | undefined;
  private startedAt = 0;
  private wait: Wait | undefined;
  /** Whether the updating line is on the terminal now. */
  private shown = false;
  private drawnAt = Number.NEGATIVE_INFINITY;
  private printedAt = 0;
  private printedTenths = 0;

  constructor(private readonly options: ProgressRendererOptions) {}

  event(event: ProgressEvent): void {
    if (event.type === "wait") {
      this.waitFor(event);
      return;
    }
    const now = this.options.clock();
    const starts = event.phase !== this.phase || event.done < this.done;
    if (starts) {
      this.phase = event.phase;
      this.startedAt = now;
      this.printedAt = now;
      this.printedTenths = 0;
    }
    this.done = event.done;
    this.total = event.total;
    // Progress means the wait is over.
    if (event.done > 0) this.wait = undefined;
    const finished = event.total !== undefined && event.done >= event.total;
    if (this.options.style === "line") {
      if (starts || finished || now - this.drawnAt >= LINE_INTERVAL_MS) this.draw(now);
    } else if (this.options.style === "plain") {
      this.printIfDue(now, finished);
    }
  }

  /** Redraws the line, if it is shown, for the rate and the time left to move on (a ticker calls it). */
  refresh(): void {
    if (this.shown) this.draw(this.options.clock());
  }

  /** Takes the updating line off the terminal, before any other output (drawn again at the next event). */
  clear(): void {
    if (!this.shown) return;
    this.options.write(ERASE_LINE);
    this.shown = false;
  }

  /** The text of the progress now: `Applying: 40/80 calls (50%), 12.5/s, about 4 s left`. */
  text(now: number): string {
    if (this.phase === undefined) return this.wait ? this.waitText(now) : "";
    const elapsed = (now - this.startedAt) / 1000;
    const rate = elapsed > 0 ? this.done / elapsed : undefined;
    const count = this.total ?? this.done;
    const unit = `${this.phase === "apply" ? "call" : "request"}${count === 1 ? "" : "s"}`;
    const parts: string[] = [];
    if (this.total === undefined) parts.push(`${this.done} ${unit}`);
    else {
      const percent = this.total > 0 ? Math.floor((this.done / this.total) * 100) : 100;
      parts.push(`${this.done}/${this.total} ${unit} (${percent}%)`);
    }
    if (rate !== undefined && this.done > 0) parts.push(`${Number(rate.toFixed(1))}/s`);
    if (rate !== undefined && rate > 0 && this.total !== undefined && this.done < this.total) {
      parts.push(`about ${durationText(((this.total - this.done) / rate) * 1000)} left`);
    }
    const wait = this.wait ? ` — ${this.waitText(now)}` : "";
    return `${PHASE_NAMES[this.phase]}: ${parts.join(", ")}${wait}`;
  }

  private waitText(now: number): string {
    const left = Math.max(0, (this.wait!.until - now) / 1000);
    return `waiting ${secondsText(Math.ceil(left))}: ${this.wait!.reason}`;
  }

  private waitFor(event: Extract<ProgressEvent, { type: "wait" }>): void {
    if (this.options.style !== "line") {
      // A wait long enough to be told is told whatever the style: a silent one looks hung.
      this.clear();
      this.options.write(waitLine(event));
      return;
    }
    const now = this.options.clock();
    this.wait = { until: now + event.seconds * 1000, reason: event.reason };
    this.draw(now);
  }

  private draw(now: number): void {
    let text = this.text(now);
    const columns = this.options.columns;
    if (columns !== undefined && columns > 1 && text.length > columns - 1) text = text.slice(0, columns - 1);
    this.options.write(`${ERASE_LINE}${text}`);
    this.shown = true;
    this.drawnAt = now;
  }

  private printIfDue(now: number, finished: boolean): void {
    const tenths = this.total ? Math.floor((this.done / this.total) * 10) : 0;
    const due = finished || tenths > this.printedTenths || now - this.printedAt >= PLAIN_INTERVAL_MS;
    if (!due || this.done === 0) return;
    this.options.write(`${this.text(now)}\n`);
    this.printedAt = now;
    this.printedTenths = tenths;
  }
}
