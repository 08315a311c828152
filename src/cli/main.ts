// The docsync executable.

import { watchInterruptions } from "./interruption.ts";
import { processOutput } from "./output.ts";
import { runDocsync } from "./program.ts";

const interruption = watchInterruptions();
process.exitCode = await runDocsync(process.argv.slice(2), {
  output: processOutput(),
  env: process.env,
  exitCode: 0,
  interruption,
});
interruption.dispose();
