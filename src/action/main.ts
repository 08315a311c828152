// The entry of the GitHub Action (action.yml runs it with tsx): the step's exit code is the
// action's.

import { runAction } from "./run.ts";

process.exitCode = await runAction(process.env);
