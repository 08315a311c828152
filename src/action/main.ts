// The entry of the GitHub Action (action.yml runs it with tsx): the step's exit code is the
// action's. SIGINT and SIGTERM (a cancelled job) are handled as by the CLI.

import { watchInterruptions } from "../front/interruption.ts";
import { watchUnanswered } from "../front/unanswered.ts";
import { runAction } from "./run.ts";

const interruption = watchInterruptions();
// A step that runs out of work before docsync answers fails with cli.unanswered, not exit 13.
const unanswered = watchUnanswered();
process.exitCode = await runAction(process.env, undefined, interruption, unanswered.ended);
unanswered.dispose();
interruption.dispose();
