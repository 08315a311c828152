// Before the tests: the Action's bundle is made from the sources as they are, so that the tests
// that run it as the runner does test these sources. It is made beside the dependencies, not
// over the committed dist-action/, which CI checks against a build of its own.

import { buildAction } from "../scripts/build.ts";
import { ACTION_MAIN } from "./support/action-bundle.ts";

export default async function setup(): Promise<void> {
  await buildAction(ACTION_MAIN);
}
