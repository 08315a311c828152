// Before the tests: the Action's bundle is made from the sources as they are, so that the tests
// that run it as the runner does test these sources. CI then checks it is the committed one.

import { buildAction } from "../scripts/build.ts";

export default async function setup(): Promise<void> {
  await buildAction();
}
