// Runs at the start of every test file (vitest's setupFiles). Test files share their worker's
// modules, so what must hold per file is set up here rather than when a module is first loaded.

import { beforeEach } from "vitest";
import { fileStartedHarness, newTestFile, TEST_SEED } from "./seed.ts";

newTestFile();

// Every test of a file that starts a harness says, when it fails, which seed it ran with.
beforeEach((context) => {
  context.onTestFailed(() => {
    if (!fileStartedHarness()) return;
    process.stderr.write(
      `Random orders and delays of this test came from seed ${TEST_SEED}: replay with DOCSYNC_TEST_SEED=${TEST_SEED}.\n`,
    );
  });
});
