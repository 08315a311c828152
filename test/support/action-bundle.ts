// Where the tests' build of the Action is: under node_modules/, which git ignores, so that a test
// run leaves the committed bundle as it is.

import { resolve } from "node:path";

/** The repository: action.yml's folder. */
export const ACTION_PATH = resolve(import.meta.dirname, "..", "..");

/** The Action's bundle as the sources make it now, which the tests run as a runner runs action.yml's `main`. */
export const ACTION_MAIN = resolve(ACTION_PATH, "node_modules/.cache/docsync-test/action/index.js");
