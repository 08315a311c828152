// The quick start: runs an example configuration against the embedded emulator, as a new
// user would against the real service: plan, apply, then a second plan that finds nothing; and,
// given a second configuration, a plan of it: what a change of the first would show a reviewer.
//   npm run quickstart [-- examples/organization]
//   npm run quickstart -- examples/multi-section examples/multi-section-reorganized

import { runDocsync } from "../src/cli/program.ts";
import { startEmulator } from "../src/emulator/index.ts";
import { processOutput } from "../src/front/output.ts";

const example = process.argv[2] ?? "examples/multi-section";
const next = process.argv[3];
const emulator = await startEmulator({ port: 0, fixture: "examples/emulator-fixture.yaml" });
const env = {
  ...process.env,
  DOCSYNC_API_URL: emulator.url,
  DOCSYNC_TOKEN: emulator.token,
  DOCSYNC_ORG: emulator.organizationId,
};
const output = processOutput();
const run = async (title: string, args: string[]) => {
  output.out(`\n${output.style.bold(`$ docsync ${args.join(" ")}`)}   ${output.style.dim(`# ${title}`)}\n`);
  return runDocsync(args, { output, env, exitCode: 0 });
};

let failed = false;
try {
  output.out(
    `Emulator of the Docs Platform API at ${emulator.url}, organization ${emulator.organizationId}.\n`,
  );
  failed ||= (await run("what would change", ["plan", "-c", example])) !== 0;
  failed ||= (await run("make it so", ["apply", "-c", example, "--yes"])) !== 0;
  failed ||= (await run("nothing left to do", ["plan", "-c", example, "--detailed-exitcode"])) !== 0;
  if (next) failed ||= (await run("what the change would do", ["plan", "-c", next])) !== 0;
} finally {
  await emulator.close();
}
process.exitCode = failed ? 1 : 0;
