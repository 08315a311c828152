// One error type for everything a user can cause or fix. The CLI catches it in one place,
// prints its message (never a stack trace) and exits with its exit code.
//
// Every error has a code from ERROR_CODES, the one list of them: JSON error documents carry it
// (docs/json-formats.md lists the same codes, and a test keeps the two equal), and the GitHub
// Action's failure-reason output is it. A code keeps its meaning; messages may change.

/** Each code with what it means, as docs/json-formats.md lists them. */
export const ERROR_CODES = {
  "config.invalid":
    "the configuration is not valid: each problem is a diagnostic with its file, line and column",
  "config.not-found": "no `-c` was given and no `docsync.yaml`, `docsync.yml` or `docsync/` is here",
  "config.ambiguous": "no `-c` was given and more than one default configuration is here",
  "config.too-large": "the configuration is over the size limit (`DOCSYNC_CONFIG_MAX_MB`); nothing was read",
  "cli.usage": "the command line is wrong: an unknown command or option, a missing or bad argument",
  "cli.target-syntax": "a `--target` is not an address",
  "cli.no-api-url": "neither `--api-url` nor `DOCSYNC_API_URL` is set",
  "cli.no-token": "`DOCSYNC_TOKEN` is not set",
  "cli.no-organization": "export: neither `--org` nor `DOCSYNC_ORG` is set",
  "cli.interrupted":
    "`SIGINT` or `SIGTERM` ended the command before it made any change (exit code 130 or 143)",
  "cli.unanswered":
    "the process ran out of work while the command still waited for an answer that could no longer come (please report it)",
  "api.invalid-url": "the API URL is not an http(s) URL without credentials, query or fragment",
  "api.insecure-url": "the API URL is http to another machine than this one: the token needs https",
  "api.no-token": "the API client was given an empty token",
  "api.bad-token": "the API token holds a line break",
  "api.invalid-option": "the API client was given an option out of range",
  "api.wrong-url":
    "the server has no route for a call every Docs Platform API answers (an organization): the API URL is wrong",
  "api.unauthorized": "the API answered 401: the token is wrong, expired or revoked",
  "api.forbidden": "the API answered 403: the token may not do this",
  "api.not-found": "the API answered 404 to a call that needed its item",
  "api.rate-limited": "the API still answered 429 after the retries",
  "api.unavailable": "the API still answered 5xx after the retries",
  "api.rejected": "the API refused a request with another 4xx answer (400, 409, 422, …)",
  "api.network": "no answer from the API: the host is unknown or unreachable, or the connection broke",
  "api.timeout":
    "no answer from the API within the deadline (`--timeout`, `DOCSYNC_TIMEOUT`), after the retries",
  "api.tls":
    "the API's TLS certificate was refused: for another host name, self-signed, expired or not trusted",
  "api.outcome-unknown":
    "a create failed in a way that may have made the item; it was not sent again (apply says where to look)",
  "api.bad-answer": "the API answered in a form docsync cannot read (not JSON, not a list, a repeated page)",
  "live.no-organization": "the organization does not exist, or the token's user is not a member of it",
  "live.list-absent": "the API does not offer a kind of item the configuration lists",
  "plan.unknown-reference": "the configuration names an item that neither it nor the live organization has",
  "plan.deleted-reference": "the configuration names an item that the same plan deletes",
  "plan.in-use": "an item the plan deletes is still in use by one it keeps, which the service refuses",
  "plan.unknown-id": "an `id:` pin names a live item that does not exist",
  "plan.unknown-member":
    "a member the configuration lists is not in the organization (docsync cannot invite)",
  "plan.unknown-space": "the plan places a space that does not exist or cannot be used",
  "plan.unknown-target": "a `--target` names nothing in the configuration or the live organization",
  "plan.duplicate": "two configured items are one item",
  "plan.duplicate-member": "one user is listed twice as a member",
  "plan.conflict": "two configured items claim the same live item",
  "plan.ambiguous": "several live items match one configured item: pin it with `id:`",
  "plan.kept-inside-deleted": "an item the configuration keeps is inside one that `policy.prune` deletes",
  "plan.root-site-spaces": "a site lists root site spaces, which only a site without any section has",
  "plan.singleton-missing":
    "an object of the organization that docsync only changes (never creates) is missing",
  "plan.openapi-source": "an OpenAPI spec to create has no source",
  "plan.private-key":
    "a site's configured visitor authentication private key is not the site's: the service makes the key and no call changes it",
  "plan.admin":
    "the plan would leave the organization without an active admin, or take the admin role from the token's own user",
  "plan.lockout":
    "the plan would leave a space without an admin, or take the token's own user's admin access to it, or remove or lower that user's access to a site",
  "plan.protected": "the plan needs a change that `protect: true` forbids",
  "plan.max-destroy": "the plan deletes more than `policy.maxDestroy`; `--allow-destroy` allows it",
  "plan.cycle": "a planner bug: calls that wait for each other (please report it)",
  "plan.internal": "a planner bug (please report it)",
  "plan.file": "a plan file cannot be read or written, or is not a plan file",
  "plan.outdated": "a plan file was saved by an older docsync: make it again",
  "plan.modified": "a plan file was changed after it was saved (its checksum does not match)",
  "plan.other-api": "a plan file was made for another API URL",
  "plan.other-organization":
    "a plan file is for another organization, reaches outside its organization, or its organization is out of the token's reach",
  "plan.sensitive-missing":
    "a plan file sets sensitive values and the configuration given with `-c` does not hold them",
  "plan.stale":
    "the live organization changed since the plan file was made: planned again from its configuration, it makes other calls",
  "plan.no-configuration":
    "a plan file is applied without its configuration: no `-c` was given and none is in the working folder",
  "plan.other-configuration": "the configuration given resolves to another than the plan file was made from",
  "plan.other-form":
    "the configuration writes a kind's items in another of their forms than the one the service keeps",
  "apply.no-confirmation": "apply needs `--yes` when it is not at a terminal; nothing was changed",
  "apply.cancelled": "the answer to the confirmation was not `yes`; nothing was changed",
  "apply.failed":
    "a call of the apply failed: the others were made or skipped (each call's error is reported)",
  "apply.interrupted":
    "`SIGINT` or `SIGTERM` stopped the apply once it was making calls (exit code 130 or 143); what was made is reported",
  "apply.not-converged": "after the apply the live state still differs from the configuration",
  "apply.check-failed":
    "every change of the apply was made, and the check that followed (a plan made again) could not be made",
  "apply.missing-id": "a call needs the id of an item whose create did not give it",
  "apply.no-id": "a create's answer did not hold the new item's id",
  "apply.probe":
    "a create made first to learn which form of an item the service keeps answered with another form",
  "apply.plan-upgrade":
    "the service answered a publish with a checkout: publishing the site needs an upgrade of the organization's plan",
  "export.file-exists": "the export's output file exists and `--force` was not given",
  "export.write": "the export's output file cannot be written",
  "export.list-absent":
    "the API answered 404 for a list that no export can do without: the API URL or the organization is wrong",
  "export.ambiguous": "live items that the configuration tells apart by title, label or path share one",
  "emulator.fixture": "`docsync emulator`: the fixture cannot be read or is not valid",
  "emulator.port": "`docsync emulator`: the port is in use",
  "emulator.token": "`docsync emulator`: a token is not valid, or two users share one",
  "action.input": "the GitHub Action: an input is missing or not valid",
  internal: "a bug in docsync (please report it, with the message)",
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class DocsyncError extends Error {
  override readonly name: string = "DocsyncError";
  /** A stable, machine-readable code from ERROR_CODES, such as `config.invalid`. */
  readonly code: ErrorCode;
  readonly exitCode: number;

  constructor(code: ErrorCode, message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** The code of whatever ended a command: its own for a DocsyncError, `internal` for anything else. */
export const errorCodeOf = (error: unknown): ErrorCode =>
  error instanceof DocsyncError ? error.code : "internal";
