// `docsync apply --format json`: the apply runs as always, its text goes to the error stream,
// and the standard output gets one JSON document (docsync-apply), whatever the outcome.

import { InvalidArgumentError } from "commander";
import type { EngineListener } from "../engine/events.ts";
import { failureOf, reportedInDocument } from "../front/failure.ts";
import { ApplyRecorder, json } from "../front/json-reports.ts";
import type { CommandContext } from "./context.ts";

export function textOrJson(value: string): "text" | "json" {
  if (value !== "text" && value !== "json") throw new InvalidArgumentError("must be text or json");
  return value;
}

export async function withJsonReport(
  context: CommandContext,
  planFile: string | undefined,
  apply: (context: CommandContext, listen: EngineListener) => Promise<void>,
): Promise<void> {
  const recorder = new ApplyRecorder(planFile);
  const inner: CommandContext = {
    ...context,
    output: { ...context.output, out: (text) => context.output.err(text) },
  };
  // A signal that ends the process at once still leaves this document, with the rounds finished.
  context.interruption?.onExit((exit) => context.output.out(json(recorder.report(exit))));
  try {
    await apply(inner, recorder.listen);
  } catch (error) {
    // The program reports the error on the error stream, and this document is its JSON one.
    context.output.out(json(recorder.report(failureOf(error))));
    reportedInDocument(error);
    throw error;
  } finally {
    context.exitCode = inner.exitCode;
  }
  context.output.out(json(recorder.report()));
}
