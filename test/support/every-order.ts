// Every order in which apply may start a plan's calls one at a time: a ReadyChoice that replays a
// prefix of choices and takes the first ready call after it, and the next prefix, as an odometer
// over the choices each run met. A test runs the plan once per order, each from the same live
// state, so that it does not depend on a seed.

import type { ReadyChoice } from "../../src/apply/order.ts";

export interface OrderRun {
  choose: ReadyChoice;
  /** The choices made, and how many calls were ready at each. */
  readonly made: { chosen: number; of: number }[];
}

/** A run that replays `prefix`, then takes the first ready call. */
export function orderRun(prefix: readonly number[]): OrderRun {
  const made: { chosen: number; of: number }[] = [];
  return {
    made,
    choose(count) {
      const chosen = prefix[made.length] ?? 0;
      if (chosen >= count) throw new Error(`the order ${prefix.join(",")} meets ${count} ready calls only`);
      made.push({ chosen, of: count });
      return chosen;
    },
  };
}

/** The prefix of the next order after a run's choices; undefined when every order was run. */
export function nextOrder(made: readonly { chosen: number; of: number }[]): number[] | undefined {
  for (let at = made.length - 1; at >= 0; at--) {
    const { chosen, of } = made[at]!;
    if (chosen + 1 < of) return [...made.slice(0, at).map((choice) => choice.chosen), chosen + 1];
  }
  return undefined;
}
