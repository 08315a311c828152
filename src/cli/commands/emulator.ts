// `docsync emulator`: option parsing only. The emulator itself is loaded on demand, so that
// no other command pays for (or depends on) it.

import { type Command, InvalidArgumentError } from "commander";
import type { CommandContext } from "../context.ts";

function integer(min: number, max: number) {
  return (raw: string): number => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    }
    return Number(raw);
  };
}

function rate(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === "" || !(value >= 0 && value <= 1))
    throw new InvalidArgumentError("must be a number from 0 to 1");
  return value;
}

/** `N/WINDOW_S`: at most N requests per WINDOW_S seconds, for each token. */
function rateLimit(raw: string): { limit: number; windowMs: number } {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) <= 0) {
    throw new InvalidArgumentError("must be N/WINDOW_S, e.g. 100/60 for 100 requests per 60 seconds");
  }
  return { limit: Number(match[1]), windowMs: Math.round(Number(match[2]) * 1000) };
}

export function registerEmulatorCommand(program: Command, context: CommandContext): void {
  program
    .command("emulator")
    .description("Run a stateful, in-memory Docs Platform API on 127.0.0.1 to try configurations offline")
    .option("--port <n>", "port to listen on; 0 picks a free one", integer(0, 65535), 4010)
    .option("--fixture <file>", "YAML fixture with the users, organizations and spaces to start with")
    .option("--token <token>", "use this admin token instead of a random one")
    .option("--latency <ms>", "delay every answer by this many milliseconds", integer(0, 600_000))
    .option("--jitter <ms>", "add a random delay of up to this many milliseconds", integer(0, 600_000))
    .option(
      "--reply-jitter <ms>",
      "wait a random delay of up to this many milliseconds between making a change and answering",
      integer(0, 600_000),
    )
    .option("--error-rate <r>", "answer this share of requests (0 to 1) with 500, 502 or 503", rate)
    .option("--seed <n>", "seed of the random faults, so that a run repeats", integer(0, 2 ** 32 - 1))
    .option("--rate-limit <N/WINDOW_S>", "allow N requests per WINDOW_S seconds for each token", rateLimit)
    .option("--log", "print one line per request: method, path, status, time and ignored body fields", false)
    .option(
      "--strict",
      "answer 400 to body fields an operation does not list, instead of ignoring them",
      false,
    )
    .action(async (options) => {
      const { runEmulator } = await import("../../emulator/cli.ts");
      // The emulator closes cleanly on SIGINT and SIGTERM by itself: the CLI's watcher lets go
      // of them once the emulator handles them, so that no moment is left without a handler.
      const handOver = () => context.interruption?.dispose();
      await runEmulator(
        {
          port: options.port,
          fixture: options.fixture,
          token: options.token,
          latencyMs: options.latency,
          jitterMs: options.jitter,
          replyJitterMs: options.replyJitter,
          errorRate: options.errorRate,
          seed: options.seed,
          rateLimit: options.rateLimit,
          log: options.log,
          strict: options.strict,
        },
        process.stdout,
        handOver,
      );
    });
}
