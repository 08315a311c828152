// docsync's traffic for one example, as the emulator saw it: plan, apply, plan again, drift and
// export against a fresh emulator started with the examples' fixture, every exchange logged
// with its request and answer bodies.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RequestLogEntry, startEmulator } from "../../../src/emulator/index.ts";
import { docsync } from "../../support/cli.ts";

export const EXAMPLES_FIXTURE = "examples/emulator-fixture.yaml";

export interface ExampleTraffic {
  example: string;
  /** Every exchange of the five commands, in the order they were answered. */
  exchanges: RequestLogEntry[];
  /** A command that did not end as a run of the example should: its name and output. */
  failures: string[];
}

export async function exampleTraffic(example: string): Promise<ExampleTraffic> {
  const emulator = await startEmulator({ fixture: EXAMPLES_FIXTURE, strict: true, recordBodies: true });
  const dir = await mkdtemp(join(tmpdir(), "docsync-traffic-"));
  const env = {
    DOCSYNC_API_URL: emulator.url,
    DOCSYNC_TOKEN: emulator.token,
    DOCSYNC_ORG: emulator.organizationId,
  };
  const failures: string[] = [];
  const run = async (args: string[], expectedCodes: number[]) => {
    const result = await docsync(args, { env });
    if (!expectedCodes.includes(result.code))
      failures.push(`${args.join(" ")} exited ${result.code}:\n${result.stdout}${result.stderr}`);
  };
  try {
    await run(["plan", "-c", example], [0]);
    await run(["apply", "-c", example, "--yes"], [0]);
    await run(["plan", "-c", example, "--detailed-exitcode"], [0]);
    await run(["drift", "-c", example], [0]);
    await run(["export", "-o", join(dir, "exported.yaml")], [0]);
    return { example, exchanges: [...emulator.requests], failures };
  } finally {
    await emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}
