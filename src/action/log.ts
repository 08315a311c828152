// What the action writes to the step's log: text (redacted), workflow commands, each on a line
// of its own, and text made of configured or live values with workflow commands stopped.

import { randomUUID } from "node:crypto";
import { Redactor } from "../secrets/redactor.ts";
import { escapeData, type Properties, workflowCommand } from "./workflow-commands.ts";

export interface ActionStreams {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processStreams: ActionStreams = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** The standard output of the step: text (redacted) and workflow commands, each on a line of its own. */
export class Log {
  private atLineStart = true;
  private untrusted = false;
  private stopToken: string | undefined;
  readonly secrets = new Redactor();

  constructor(private readonly streams: ActionStreams) {}

  redact(text: string): string {
    return this.secrets.redact(text);
  }

  text(text: string, stream: "stdout" | "stderr" = "stdout"): void {
    if (text === "") return;
    if (this.untrusted && this.stopToken === undefined) {
      this.stopToken = randomUUID();
      this.command("stop-commands", this.stopToken);
    }
    const safe = this.redact(text);
    if (stream === "stderr") {
      this.streams.stderr(safe);
      return;
    }
    this.streams.stdout(safe);
    this.atLineStart = safe.endsWith("\n");
  }

  command(command: string, message: string, properties: Properties = {}): void {
    const line = workflowCommand(command, this.redact(message), properties);
    this.streams.stdout(this.atLineStart ? line : `\n${line}`);
    this.atLineStart = true;
  }

  /** Registers a secret with the runner: the one place a secret is written, for the runner only. */
  mask(secret: string): void {
    for (const line of secret.split(/\r?\n/)) {
      if (line.trim() !== "") this.streams.stdout(`::add-mask::${escapeData(line)}\n`);
    }
  }

  /**
   * Text from here on may hold configured or live values: the runner is told to read no
   * workflow commands in it (`::stop-commands::`), until resumeCommands.
   */
  stopCommands(): void {
    this.untrusted = true;
  }

  resumeCommands(): void {
    this.untrusted = false;
    if (this.stopToken === undefined) return;
    const line = `::${this.stopToken}::\n`;
    this.streams.stdout(this.atLineStart ? line : `\n${line}`);
    this.atLineStart = true;
    this.stopToken = undefined;
  }
}

/** Long text, folded in the log under a title (`::group::`). */
export function printGroup(log: Log, title: string, text: string): void {
  log.command("group", title);
  printUntrusted(log, text);
  log.command("endgroup", "");
}

/** Text made of configured or live values, printed with workflow commands stopped. */
export function printUntrusted(log: Log, text: string): void {
  log.stopCommands();
  log.text(text);
  log.resumeCommands();
}
