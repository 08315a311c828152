// Before the tests: the Action's bundle and the CLI's are made from the sources as they are, so
// that the tests that run them as a runner or a user does test these sources. They are made
// beside the dependencies, not over the committed dist-action/ (which CI checks against a build
// of its own) or dist/, and only when the sources changed since they were last made
// (support/build-cache.ts). The last run's package tarball is forgotten: the first test that
// needs one packs these sources (support/packed.ts).

import { dirname } from "node:path";
import { ACTION_MAIN } from "./support/action-bundle.ts";
import { buildUnlessCurrent, sourcesDigest } from "./support/build-cache.ts";
import { CLI_BUILD_DIR } from "./support/cli-build.ts";
import { forgetPacked } from "./support/packed.ts";

export default async function setup(): Promise<void> {
  const digest = await sourcesDigest();
  // The build script (esbuild, ajv) is loaded only when a build is made.
  const builds = () => import("../scripts/build.ts");
  await Promise.all([
    buildUnlessCurrent(dirname(ACTION_MAIN), digest, async () => (await builds()).buildAction(ACTION_MAIN)),
    buildUnlessCurrent(CLI_BUILD_DIR, digest, async () => (await builds()).buildCli(CLI_BUILD_DIR)),
    forgetPacked(),
  ]);
}
