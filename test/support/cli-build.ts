// Where the tests' build of the CLI is: the bundle the package ships (dist/cli.js), made from the
// sources before the tests (global-setup.ts) under node_modules/, where its dependencies resolve.
// A test that runs docsync as a process for its exit code, signals or terminal runs this build: it
// starts in a third of the time the sources take through tsx, and it is what users run.

import { resolve } from "node:path";

/** The folder of the build. */
export const CLI_BUILD_DIR = resolve(import.meta.dirname, "../../node_modules/.cache/docsync-test/cli");

/** The CLI's entry in that build, which `node` runs. */
export const CLI_BUILD = resolve(CLI_BUILD_DIR, "cli.js");
