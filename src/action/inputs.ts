// The action's inputs, as the runner passes them in the environment.

/** An input as the runner passes it: `INPUT_` and the name with spaces as `_`, uppercased; trimmed. */
export function getInput(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

/** A boolean input as the runner's toolkit reads one; undefined when empty. */
export function booleanInput(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const value = getInput(env, name);
  if (value === "") return undefined;
  if (["true", "True", "TRUE"].includes(value)) return true;
  if (["false", "False", "FALSE"].includes(value)) return false;
  throw new InputError(`Input ${name} must be true or false, not ${JSON.stringify(value)}.`);
}

export class InputError extends Error {}
