// The docsync executable. The Node.js version is checked first, before any module that needs a
// newer one is loaded; everything else is imported after it. `--version` is answered before
// anything else is loaded: scripts and hooks call it often and it needs nothing but the version.

import module from "node:module";
import { nodeVersionProblem } from "./node-version.ts";

/**
 * From Node.js 22.1 on, V8's compiled code of the modules loaded next is kept on disk (in the
 * temporary directory, or NODE_COMPILE_CACHE) and read by the next run, which then compiles
 * little: about a quarter of `validate`'s CPU time. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 * Older versions have no such cache, and compile every run.
 */
function enableCompileCache(): void {
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}

const args = process.argv.slice(2);
const problem = nodeVersionProblem(process.version);

if (problem !== undefined) {
  process.stderr.write(`Error: ${problem}\n`);
  process.exitCode = 1;
} else if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  const { VERSION } = await import("../version.ts");
  process.stdout.write(`${VERSION}\n`);
} else {
  enableCompileCache();
  // Loaded together: each is read while another is compiled.
  const [{ watchInterruptions }, { processOutput }, { runDocsync }, { watchUnanswered }] = await Promise.all([
    import("../front/interruption.ts"),
    import("../front/output.ts"),
    import("./program.ts"),
    import("../front/unanswered.ts"),
  ]);
  const interruption = watchInterruptions();
  const unanswered = watchUnanswered();
  process.exitCode = await runDocsync(args, {
    output: processOutput(),
    env: process.env,
    exitCode: 0,
    interruption,
    unanswered: unanswered.ended,
  });
  unanswered.dispose();
  interruption.dispose();
}
