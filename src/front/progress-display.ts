// The progress of a command, from `--progress` (or DOCSYNC_PROGRESS) and where the error stream
// goes: the renderer (progress.ts) fed with the engine's progress events and the API client's
// answers and waits, and an output that takes the updating line away before anything else is written.

import { InvalidArgumentError } from "commander";
import type { ApiEvent } from "../api/client-types.ts";
import { DocsyncError } from "../errors.ts";
import type { ProgressEvent } from "../progress/events.ts";
import type { Output, RunProgress } from "./output.ts";
import {
  PROGRESS_MODES,
  type ProgressMode,
  ProgressRenderer,
  type ProgressStyle,
  waitLine,
} from "./progress.ts";

export { PROGRESS_MODES, type ProgressMode };

/** A wait before a retry longer than this is told even without --verbose: a silent one looks hung. */
export const ANNOUNCED_WAIT_MS = 5_000;

/** How often the line is redrawn without events, for the time left and a wait's countdown. */
const TICK_MS = 1_000;

/** `--progress never|auto|always`, as commander parses it. */
export function progressOption(value: string): ProgressMode {
  if (!(PROGRESS_MODES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`must be one of ${PROGRESS_MODES.join(", ")}`);
  return value as ProgressMode;
}

/** The mode: --progress, else DOCSYNC_PROGRESS, else auto. */
export function progressMode(flag: ProgressMode | undefined, env: NodeJS.ProcessEnv): ProgressMode {
  if (flag !== undefined) return flag;
  const text = env.DOCSYNC_PROGRESS;
  if (text === undefined || text === "") return "auto";
  if ((PROGRESS_MODES as readonly string[]).includes(text)) return text as ProgressMode;
  throw new DocsyncError(
    "cli.usage",
    `DOCSYNC_PROGRESS must be one of ${PROGRESS_MODES.join(", ")} (got ${JSON.stringify(text)}).`,
  );
}

const inCi = (env: NodeJS.ProcessEnv): boolean =>
  env.CI !== undefined && env.CI !== "" && env.CI !== "0" && env.CI.toLowerCase() !== "false";

/**
 * The style for `mode`: never none; always the updating line at a terminal, else plain lines;
 * auto the line at a terminal outside CI, plain lines in CI, and nothing in a redirected stream.
 */
export function progressStyle(
  mode: ProgressMode,
  errorTerminal: boolean,
  env: NodeJS.ProcessEnv,
): ProgressStyle {
  if (mode === "never") return "off";
  if (mode === "always") return errorTerminal ? "line" : "plain";
  if (inCi(env)) return "plain";
  return errorTerminal ? "line" : "off";
}

export interface ProgressDisplayOptions {
  /** Milliseconds; Date.now by default. */
  clock?: () => number;
}

/** The progress of one run of docsync. Off until a command that talks to the API starts it. */
export class ProgressDisplay implements RunProgress {
  private renderer: ProgressRenderer | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private readDone = 0;
  private applying = false;

  constructor(
    private readonly raw: Output,
    private readonly redact: (text: string) => string,
    private readonly options: ProgressDisplayOptions = {},
  ) {}

  /** Decides how progress is shown, for a command given `--progress flag`. */
  start(flag: ProgressMode | undefined, env: NodeJS.ProcessEnv): void {
    if (this.renderer) return;
    const style = progressStyle(progressMode(flag, env), this.raw.errorTerminal === true, env);
    this.renderer = new ProgressRenderer({
      style,
      write: (text) => this.raw.err(this.redact(text)),
      clock: this.options.clock ?? Date.now,
      ...(this.raw.errorColumns === undefined ? {} : { columns: this.raw.errorColumns }),
    });
    if (style === "line") {
      this.ticker = setInterval(() => this.renderer?.refresh(), TICK_MS);
      this.ticker.unref();
    }
  }

  /** An event of the engine. */
  readonly listen = (event: ProgressEvent): void => {
    if (event.type === "progress" && event.phase === "apply") {
      this.applying = event.total === undefined || event.done < event.total;
      // The read that follows an apply (its check) counts from nought.
      this.readDone = 0;
    }
    this.show(event);
  };

  /** An event of the API client: outside an apply each answer is a read's progress; a long wait is told. */
  readonly apiEvent = (event: ApiEvent): void => {
    if (event.type === "request" && !this.applying) {
      this.readDone += 1;
      this.show({ type: "progress", phase: "read", done: this.readDone });
    } else if (event.type === "retry" && event.waitMs > ANNOUNCED_WAIT_MS) {
      this.show({
        type: "wait",
        seconds: event.waitMs / 1000,
        reason: event.reason,
        request: `${event.method} ${event.path}`,
      });
    }
  };

  /** Takes the line away for good, at the end of the run. */
  end(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
    this.renderer?.clear();
  }

  /** `output`, with the updating line taken away before each of its writes and questions. */
  wrap(output: Output): Output {
    const clear = () => this.renderer?.clear();
    return {
      ...output,
      out: (text) => {
        clear();
        output.out(text);
      },
      err: (text) => {
        clear();
        output.err(text);
      },
      ask: (question) => {
        clear();
        return output.ask(question);
      },
      progress: this,
    };
  }

  private show(event: ProgressEvent): void {
    if (this.renderer) this.renderer.event(event);
    // Before a command starts the display (or without one), a long wait is still told.
    else if (event.type === "wait") this.raw.err(this.redact(waitLine(event)));
  }
}
