// The entry of the GitHub Action (action.yml runs it with tsx): the step's exit code is the
// action's. SIGINT and SIGTERM (a cancelled job) are handled as by the CLI.

import { watchInterruptions } from "../cli/interruption.ts";
import { runAction } from "./run.ts";

const interruption = watchInterruptions();
process.exitCode = await runAction(process.env, undefined, interruption);
interruption.dispose();
