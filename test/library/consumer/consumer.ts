// A script as a user of the package writes it: every export used through `import "docsync"`,
// and the mistakes its types must catch (each @ts-expect-error fails the check if it is not one).

import {
  type ApplyResult,
  apply,
  type Change,
  type Configuration,
  DocsyncError,
  type DocsyncEvent,
  type DriftReport,
  drift,
  ERROR_CODES,
  type ErrorCode,
  loadConfiguration,
  type Plan,
  type PlanResult,
  plan,
  runDocsync,
  VERSION,
} from "docsync";

const connection = { apiUrl: "https://api.example.com", token: "t" };

export async function consume(): Promise<string[]> {
  const configuration: Configuration = await loadConfiguration({ config: ["a.yaml", "b/"], org: "org_1" });
  const result: PlanResult = await plan({ config: configuration, ...connection, targets: ['team "A"'] });
  const plain: Plan = result.plan;
  const first: Change | undefined = result.changes[0];
  const counted: number = result.summary.create + result.summary.delete + plain.calls.length;
  const report: DriftReport = await drift({ config: "docsync.yaml", ...connection });
  const applied: ApplyResult = await apply({
    config: "docsync.yaml",
    ...connection,
    allowDestroy: true,
    signal: AbortSignal.timeout(1000),
    onEvent(event: DocsyncEvent) {
      if (event.type === "call" && event.status === "failed") {
        const code: ErrorCode | undefined = event.code;
        void code;
      }
      if (event.type === "request") void event.durationMs;
    },
  });
  const exit: number = await runDocsync(["plan"], {
    env: {},
    exitCode: 0,
    output: { out() {}, err() {}, style: undefined as never, interactive: false, ask: async () => "" },
  });
  // @ts-expect-error the token is required
  await plan({ config: "docsync.yaml", apiUrl: "https://api.example.com" });
  // @ts-expect-error an event has no such type
  await plan({ config: "d.yaml", ...connection, onEvent: (event) => event.type === "progress" });
  // @ts-expect-error codes are the stable ones only
  const unknown: ErrorCode = "config.oops";
  try {
    await plan({ config: "d.yaml", ...connection });
  } catch (error) {
    if (error instanceof DocsyncError) return [error.code, ERROR_CODES[error.code]];
  }
  return [
    VERSION,
    String(first?.address),
    String(counted),
    String(report.drifted),
    String(exit),
    String(applied.made.changes),
    unknown,
  ];
}
