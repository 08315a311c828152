// Options that several commands share, declared once so that they read the same everywhere.

import { type Command, InvalidArgumentError, Option } from "commander";
import { DEFAULT_PARALLELISM, MAX_PARALLELISM } from "../../api/parallelism.ts";
import { FORMATS, type Format } from "../../render/format.ts";
import { collect } from "./config-option.ts";

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
    .option("-v, --verbose", "print every API request to the error stream");

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
