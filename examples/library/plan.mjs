// Plans a configuration against the Docs Platform API and prints its summary, with docsync as a
// library: `node plan.mjs [CONFIG]` (a file or folder; default docsync.yaml), with DOCSYNC_API_URL
// and DOCSYNC_TOKEN set (and DOCSYNC_ORG for a configuration that names it).
// Exit code: 0 no changes, 2 changes, 1 an error (its code and message on the error stream).

import { DocsyncError, plan } from "docsync";

const config = process.argv[2] ?? "docsync.yaml";

try {
  const result = await plan({
    config,
    apiUrl: process.env.DOCSYNC_API_URL ?? "",
    token: process.env.DOCSYNC_TOKEN ?? "",
    org: process.env.DOCSYNC_ORG,
    onEvent(event) {
      if (event.type === "warning") console.error(`warning: ${event.message}`);
    },
  });
  const { create, update, replace, move, delete: remove } = result.summary;
  console.log(`Organization ${result.organization}`);
  for (const change of result.changes) console.log(`  ${change.action} ${change.address}`);
  console.log(
    `${create} to create, ${update} to update, ${replace} to replace, ${move} to move, ${remove} to delete.`,
  );
  for (const refusal of result.refusals) console.log(`apply would refuse (${refusal.code}): ${refusal.message}`);
  process.exitCode = result.hasChanges ? 2 : 0;
} catch (error) {
  if (!(error instanceof DocsyncError)) throw error;
  console.error(`${error.code}: ${error.message}`);
  process.exitCode = 1;
}
