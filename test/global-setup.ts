// Before the tests: the Action's bundle and the CLI's are made from the sources as they are, so
// that the tests that run them as a runner or a user does test these sources. They are made
// beside the dependencies, not over the committed dist-action/ (which CI checks against a build
// of its own) or dist/. The last run's package tarball is forgotten: the first test that needs
// one packs these sources (support/packed.ts).

import { buildAction, buildCli } from "../scripts/build.ts";
import { ACTION_MAIN } from "./support/action-bundle.ts";
import { CLI_BUILD_DIR } from "./support/cli-build.ts";
import { forgetPacked } from "./support/packed.ts";

export default async function setup(): Promise<void> {
  await Promise.all([buildAction(ACTION_MAIN), buildCli(CLI_BUILD_DIR), forgetPacked()]);
}
