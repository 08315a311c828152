// One error type for everything a user can cause or fix. The CLI catches it in one place,
// prints its message (never a stack trace) and exits with its exit code.

export class DocsyncError extends Error {
  override readonly name: string = "DocsyncError";
  /** A stable, machine-readable code such as `config.invalid` or `api.request`. */
  readonly code: string;
  readonly exitCode: number;

  constructor(code: string, message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.exitCode = options.exitCode ?? 1;
  }
}
