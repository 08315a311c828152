// Options that several commands share, declared once so that they read the same everywhere.

import { type Command, InvalidArgumentError, Option } from "commander";
import { DEFAULT_PARALLELISM, MAX_PARALLELISM } from "../api/parallelism.ts";
import { DEFAULT_TIMEOUT_MS, parseTimeout, TIMEOUT_RANGE } from "../api/timeout.ts";
import { FORMATS, type Format } from "../render/format.ts";
import { collect } from "./config-option.ts";
import { progressOption } from "./progress-display.ts";

/** `--format text|markdown|json`, as commander parses it. */
export function formatOption(value: string): Format {
  if (!(FORMATS as readonly string[]).includes(value))
    throw new InvalidArgumentError(`must be one of ${FORMATS.join(", ")}`);
  return value as Format;
}

/** `--parallelism`: the one check of the value (src/api/parallelism.ts). */
export function parallelismOption(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PARALLELISM)
    throw new InvalidArgumentError(`must be a whole number from 1 to ${MAX_PARALLELISM}`);
  return n;
}

/** `--timeout`: seconds, the same check as DOCSYNC_TIMEOUT's (connection.ts). */
export function timeoutOption(value: string): number {
  const seconds = parseTimeout(value);
  if (seconds === undefined)
    throw new InvalidArgumentError(
      `must be a number of seconds from ${TIMEOUT_RANGE.min} to ${TIMEOUT_RANGE.max}`,
    );
  return seconds;
}

export { collect, configOption } from "./config-option.ts";

/** How a command reaches the API: its URL, how many requests at once, and whether to log them. */
export const connectionOptions = (command: Command): Command =>
  command
    .option("--api-url <url>", "base URL of the API (default: $DOCSYNC_API_URL)")
    .option(
      "--parallelism <n>",
      `API requests in flight at once, and with apply its calls in flight (1 to ${MAX_PARALLELISM}; docs/apply.md#parallelism)`,
      parallelismOption,
      DEFAULT_PARALLELISM,
    )
    .option(
      "--timeout <seconds>",
      `seconds to wait for each API request's answer before it is tried again (default: $DOCSYNC_TIMEOUT, else ${DEFAULT_TIMEOUT_MS / 1000})`,
      timeoutOption,
    )
    .option("-v, --verbose", "print every API request to the error stream")
    .option(
      "--progress <when>",
      "progress of reading and applying on the error stream: never, auto (a terminal's updating line, plain lines in CI) or always (default: $DOCSYNC_PROGRESS, else auto)",
      progressOption,
    );

/** `--target`: limit planning to some items. */
export const targetOption = (command: Command): Command =>
  command.addOption(
    new Option(
      "--target <address>",
      'only this item, what is below it and what it needs (repeatable), e.g. \'site "Docs" > section "api"\' (› works too)',
    )
      .argParser(collect)
      .default([], "everything"),
  );
