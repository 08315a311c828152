// What a plan's calls wait for, named as apply names them (`site "Docs" › section "api": create
// section`), so that a planner test says which call waits for which, not where one call stands
// in one order among the many that apply may take.

import { callName, changesById } from "../../src/apply/report.ts";
import type { Call, Plan } from "../../src/model/plan.ts";

/** Every call of the plan, by its name; a name two calls share is an error of the test. */
function callsByName(plan: Plan): Map<string, Call> {
  const changes = changesById(plan);
  const named = new Map<string, Call>();
  for (const call of plan.calls) {
    const name = callName(call, changes);
    if (named.has(name)) throw new Error(`two calls are named ${name}`);
    named.set(name, call);
  }
  return named;
}

/** The names of the plan's calls, in the plan's order. */
export function callNames(plan: Plan): string[] {
  return [...callsByName(plan).keys()];
}

/**
 * The names of the calls that the call `name` waits for, directly or through others: apply
 * starts it only once all of them are done. Sorted.
 */
export function waitsFor(plan: Plan, name: string): string[] {
  const named = callsByName(plan);
  const call = named.get(name);
  if (!call) throw new Error(`no call is named ${name}; the plan's calls:\n${[...named.keys()].join("\n")}`);
  const nameOf = new Map([...named].map(([callName, c]) => [c.id, callName]));
  const byId = new Map(plan.calls.map((c) => [c.id, c]));
  const found = new Set<string>();
  const queue = [...call.dependsOn];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...byId.get(id)!.dependsOn);
  }
  return [...found].map((id) => nameOf.get(id)!).sort();
}
