// The docsync executable.

import { processOutput } from "./output.ts";
import { runDocsync } from "./program.ts";

process.exitCode = await runDocsync(process.argv.slice(2), {
  output: processOutput(),
  env: process.env,
  exitCode: 0,
});
