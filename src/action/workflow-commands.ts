// The runner's side of a step: workflow commands on the standard output (`::error …::…`),
// outputs in the $GITHUB_OUTPUT file, with the escaping rules the runner applies.

import { randomUUID } from "node:crypto";
import { EOL } from "node:os";

/** Escapes the message of a workflow command: `%`, carriage returns and line feeds. */
export function escapeData(value: string): string {
  return value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a property value of a workflow command: as data, plus `:` and `,`. */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export type Properties = Record<string, string | number | undefined>;

/** `::command key=value,…::message` and a line break. */
export function workflowCommand(command: string, message: string, properties: Properties = {}): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== "")
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(",");
  return `::${command}${props === "" ? "" : ` ${props}`}::${escapeData(message)}\n`;
}

/**
 * One output in the $GITHUB_OUTPUT file, in the multiline-safe form:
 * `name<<DELIMITER`, the value, `DELIMITER`, with a delimiter the value cannot contain.
 */
export function outputEntry(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (name.includes(delimiter) || value.includes(delimiter))
    throw new Error(`The value of output ${name} contains its delimiter.`);
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`;
}
