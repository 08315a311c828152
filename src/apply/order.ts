// The order in which apply starts the calls that are ready (everything they wait for is done).
// By default the first ready goes first, which is the plan's order. As a testing aid,
// DOCSYNC_APPLY_ORDER_SEED makes it a random choice drawn from that seed: a suite that applies
// with varied seeds sees the orders the dependencies allow, so a dependency the planner failed
// to declare fails a test instead of passing by luck, and the seed of a failing run replays it.

import { DocsyncError } from "../errors.ts";
import { mulberry32 } from "../prng.ts";

export const APPLY_ORDER_SEED_VARIABLE = "DOCSYNC_APPLY_ORDER_SEED";

/** Which of `count` ready calls, listed in the order they became ready, starts next. */
export type ReadyChoice = (count: number) => number;

/** Picks among the ready calls at random, from `seed`: the same seed, the same choices. */
export function seededChoice(seed: number): ReadyChoice {
  const random = mulberry32(seed);
  return (count) => Math.floor(random() * count);
}

/** The choice DOCSYNC_APPLY_ORDER_SEED asks for; undefined (the plan's order) when it is not set. */
export function readyChoiceOf(env: NodeJS.ProcessEnv): ReadyChoice | undefined {
  const given = env[APPLY_ORDER_SEED_VARIABLE];
  if (given === undefined || given === "") return undefined;
  if (!/^\d{1,10}$/.test(given.trim()) || Number(given) > 0xffffffff) {
    throw new DocsyncError(
      "cli.usage",
      `${APPLY_ORDER_SEED_VARIABLE} must be a whole number from 0 to 4294967295, a seed for the order of apply's calls (got ${JSON.stringify(given)})`,
    );
  }
  return seededChoice(Number(given));
}
