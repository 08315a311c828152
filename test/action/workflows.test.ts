// The example workflows: they use the action as action.yml declares it, with the least
// permissions, and their github-script steps do what they say (run here against a stand-in
// for the GitHub API).

import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, { paths?: string[] } | null>;
  permissions: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  jobs: Record<string, { if?: string; steps: Step[] }>;
}

const load = (name: string) => parse(readFileSync(`examples/workflows/${name}.yml`, "utf8")) as Workflow;
const action = parse(readFileSync("action.yml", "utf8")) as { inputs: Record<string, unknown> };

/** Whether GitHub's `paths` filter pattern matches `path`: `**` any characters, `*` any but `/`. */
function matchesPathFilter(pattern: string, path: string): boolean {
  const source = pattern
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]*"),
    )
    .join(".*");
  return new RegExp(`^${source}$`).test(path);
}

/** A `${{ … }}` expression of a workflow. */
const expression = (text: string) => `\${{ ${text} }}`;

function steps(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs).flatMap((job) => job.steps);
}

function docsyncStep(workflow: Workflow): Step {
  const found = steps(workflow).filter((step) => step.uses === "your-org/docsync@v1");
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe("example workflows", () => {
  it("plan: on pull requests, comments with pull-requests: write only", () => {
    const workflow = load("plan");
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    expect(workflow.permissions).toEqual({ contents: "read", "pull-requests": "write" });
    const step = docsyncStep(workflow);
    expect(step.with).toEqual({
      command: "plan",
      config: "docsync",
      "api-url": expression("vars.DOCSYNC_API_URL"),
      token: expression("secrets.DOCSYNC_TOKEN"),
      artifact: `docsync-plan-${expression("github.event.pull_request.head.sha")}`,
    });
  });

  it("plan: keeps the saved plan and the HTML report in the artifact the comment names", () => {
    const workflow = load("plan");
    const keep = steps(workflow).find((step) => step.uses === "actions/upload-artifact@v4")!;
    expect(keep.if).toBe(expression("steps.plan.outputs.saved-plan != ''"));
    expect(keep.with).toMatchObject({
      name: docsyncStep(workflow).with!.artifact,
      path: `${expression("steps.plan.outputs.saved-plan")}\n${expression("steps.plan.outputs.html-file")}\n`,
    });
  });

  it("apply: on push to main and by hand naming the run whose plan is approved, never two at once", () => {
    const workflow = load("apply");
    expect(workflow.on).toMatchObject({
      push: { branches: ["main"] },
      workflow_dispatch: { inputs: { "plan-run": { required: false, default: "" } } },
    });
    expect(workflow.permissions).toEqual({ contents: "read", actions: "read", "pull-requests": "write" });
    expect(workflow.concurrency).toEqual({ group: "docsync-apply", "cancel-in-progress": false });
    const step = docsyncStep(workflow);
    expect(step.with!.command).toBe("apply");
    expect(step.with!.plan).toContain("approved/saved-plan.json");
    // Nothing is applied without an approved plan: auto-approve is left to the workflow's owner.
    expect(step.with!["auto-approve"]).toBeUndefined();
    const download = steps(workflow).find((s) => s.uses === "actions/download-artifact@v4")!;
    expect(download.with).toMatchObject({
      name: expression("steps.approved.outputs.name"),
      "run-id": expression("steps.approved.outputs.run-id"),
    });
    // The plan left for approval is kept under the name a run by hand looks for, even though the
    // docsync step failed.
    const keep = steps(workflow).find((s) => s.uses === "actions/upload-artifact@v4")!;
    expect(keep.if).toBe(expression("!cancelled() && steps.apply.outputs.saved-plan != ''"));
    expect(keep.with).toMatchObject({
      name: "docsync-plan-to-approve",
      path: expression("steps.apply.outputs.saved-plan"),
    });
  });

  it("drift: nightly and by hand, fails on drift (the default), writes issues only", () => {
    const workflow = load("drift");
    expect(Object.keys(workflow.on).sort()).toEqual(["schedule", "workflow_dispatch"]);
    expect(workflow.permissions).toEqual({ contents: "read", issues: "write" });
    const step = docsyncStep(workflow);
    expect(step.with!.command).toBe("drift");
    expect(step.with!["fail-on-changes"]).toBeUndefined();
  });

  it("set the organization the README's configuration names, from a variable", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme).toContain(`organization: \${DOCSYNC_ORG}`);
    for (const name of ["plan", "apply", "drift"])
      expect(docsyncStep(load(name)).env, name).toEqual({ DOCSYNC_ORG: expression("vars.DOCSYNC_ORG") });
  });

  it("run on a change to any file of the configuration, those it includes with file interpolation too", () => {
    // examples/organization includes okta.pem; as the workflows expect it, in their config folder.
    const files = readdirSync("examples/organization", { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).replace("examples/organization", ""));
    expect(files).toContain("/okta.pem");
    for (const [name, event] of [
      ["plan", "pull_request"],
      ["apply", "push"],
    ] as const) {
      const workflow = load(name);
      const folder = docsyncStep(workflow).with!.config!;
      const paths = workflow.on[event]!.paths!;
      for (const file of [...files, "/certs/idp.pem", "/openapi/internal.yaml"])
        expect(
          paths.some((pattern) => matchesPathFilter(pattern, `${folder}${file}`)),
          `${name}: ${folder}${file}`,
        ).toBe(true);
      expect(
        paths.some((pattern) => matchesPathFilter(pattern, "README.md")),
        name,
      ).toBe(false);
    }
  });

  it("use only inputs that action.yml declares", () => {
    for (const name of ["plan", "apply", "drift"]) {
      for (const input of Object.keys(docsyncStep(load(name)).with ?? {}))
        expect(Object.keys(action.inputs), `${name}: ${input}`).toContain(input);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The github-script steps, run against a stand-in for the API.

type Call = [method: string, params: Record<string, unknown>];

function fakeGithub(lists: { comments?: unknown[]; issues?: unknown[] }) {
  const calls: Call[] = [];
  const method =
    (name: string) =>
    async (params: Record<string, unknown>): Promise<{ data: unknown }> => {
      calls.push([name, params]);
      return { data: {} };
    };
  const issues = {
    listComments: method("listComments"),
    listForRepo: method("listForRepo"),
    createComment: method("createComment"),
    updateComment: method("updateComment"),
    create: method("create"),
    update: method("update"),
  };
  const github = {
    rest: { issues },
    async paginate(
      list: (params: Record<string, unknown>) => Promise<unknown>,
      params: Record<string, unknown>,
    ) {
      await list(params);
      return list === issues.listComments ? (lists.comments ?? []) : (lists.issues ?? []);
    },
  };
  return { github, calls: () => calls.filter(([name]) => !name.startsWith("list")) };
}

const context = {
  repo: { owner: "acme", repo: "docs-config" },
  payload: { pull_request: { number: 7 } },
  serverUrl: "https://github.com",
  runId: 42,
};

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...args: unknown[]) => Promise<void>;

async function runScript(
  workflow: Workflow,
  github: unknown,
  env: Record<string, string>,
  core: unknown = {},
  sha = "",
  options: { step?: string; event?: Record<string, unknown> } = {},
) {
  const scripts = steps(workflow).filter((s) => s.uses === "actions/github-script@v7");
  const step = options.step ? scripts.find((s) => s.name === options.step)! : scripts[0]!;
  const script = new AsyncFunction("require", "github", "context", "process", "core", step.with!.script!);
  await script(createRequire(import.meta.url), github, { ...context, sha, ...options.event }, { env }, core);
}

describe("the github-script steps", () => {
  let dir: string;
  let report: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsync-workflows-"));
    report = join(dir, "report.md");
    // As the action writes it: its comment marker first.
    await writeFile(report, "<!-- docsync-plan -->\n### docsync plan\n\n**Plan: 1 to create.**\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const body = "<!-- docsync-plan -->\n### docsync plan\n\n**Plan: 1 to create.**\n";

  it("plan: comments once, then updates its own comment (found by its marker)", async () => {
    const fresh = fakeGithub({
      comments: [{ id: 1, user: { type: "User" }, body: "<!-- docsync-plan --> mine" }],
    });
    await runScript(load("plan"), fresh.github, { REPORT_FILE: report, MARKER: "<!-- docsync-plan -->" });
    expect(fresh.calls()).toEqual([
      ["createComment", { owner: "acme", repo: "docs-config", issue_number: 7, body }],
    ]);

    const again = fakeGithub({
      comments: [
        { id: 1, user: { type: "User" }, body: "looks good" },
        { id: 2, user: { type: "Bot" }, body: "<!-- docsync-plan -->\nold plan" },
      ],
    });
    await runScript(load("plan"), again.github, { REPORT_FILE: report, MARKER: "<!-- docsync-plan -->" });
    expect(again.calls()).toEqual([
      ["updateComment", { owner: "acme", repo: "docs-config", comment_id: 2, body }],
    ]);

    // Another label's comment is not this step's.
    const labelled = fakeGithub({
      comments: [{ id: 3, user: { type: "Bot" }, body: "<!-- docsync-plan:staging -->\nother plan" }],
    });
    await runScript(load("plan"), labelled.github, { REPORT_FILE: report, MARKER: "<!-- docsync-plan -->" });
    expect(labelled.calls().map(([name]) => name)).toEqual(["createComment"]);
  });

  it("drift: opens one labelled issue, then updates it, then closes it when the drift is gone", async () => {
    const issueBody = `<!-- docsync-plan -->\n### docsync plan\n\n**Plan: 1 to create.**\n\nLast checked by [this run](https://github.com/acme/docs-config/actions/runs/42). Apply the configuration, or change it to match, to close this issue.\n`;
    const none = fakeGithub({ issues: [] });
    await runScript(load("drift"), none.github, {
      DRIFTED: "true",
      REPORT_FILE: report,
      COUNTS: "1 missing, 0 differing, 0 live only",
    });
    expect(none.calls()).toEqual([
      [
        "create",
        {
          owner: "acme",
          repo: "docs-config",
          title:
            "docsync: the live organization differs from the configuration (1 missing, 0 differing, 0 live only)",
          body: issueBody,
          labels: ["docsync-drift"],
        },
      ],
    ]);

    const open = fakeGithub({ issues: [{ number: 3, pull_request: {} }, { number: 5 }] });
    await runScript(load("drift"), open.github, {
      DRIFTED: "true",
      REPORT_FILE: report,
      COUNTS: "1 missing, 0 differing, 0 live only",
    });
    expect(open.calls()).toEqual([
      ["update", { owner: "acme", repo: "docs-config", issue_number: 5, body: issueBody }],
    ]);

    const gone = fakeGithub({ issues: [{ number: 5 }] });
    await runScript(load("drift"), gone.github, { DRIFTED: "false", REPORT_FILE: report });
    expect(gone.calls().map(([name, params]) => [name, params.issue_number, params.state])).toEqual([
      ["createComment", 5, undefined],
      ["update", 5, "closed"],
    ]);

    const quiet = fakeGithub({ issues: [] });
    await runScript(load("drift"), quiet.github, { DRIFTED: "false", REPORT_FILE: report });
    expect(quiet.calls()).toEqual([]);
  });

  /** A stand-in for what the apply workflow's scripts read and write, and what they said. */
  function applyScripts(
    pulls: unknown[],
    artifacts: { name: string; expired: boolean; workflow_run: { id: number } }[],
    runs: { id: number; name: string }[] = [],
  ) {
    const outputs: Record<string, string> = {};
    const failures: string[] = [];
    const summary: string[] = [];
    const comments: Record<string, unknown>[] = [];
    const core = {
      setOutput: (name: string, value: string) => {
        outputs[name] = value;
      },
      setFailed: (message: string) => failures.push(message),
      info: () => {},
      summary: {
        addRaw(text: string) {
          summary.push(text);
          return this;
        },
        write: async () => {},
      },
    };
    const github = {
      rest: {
        repos: { listPullRequestsAssociatedWithCommit: async () => ({ data: pulls }) },
        actions: {
          listArtifactsForRepo: async (params: { name: string }) => ({
            data: { artifacts: artifacts.filter((a) => a.name === params.name) },
          }),
          getWorkflowRun: async (params: { run_id: number }) => {
            const run = runs.find((r) => r.id === params.run_id);
            if (!run) throw Object.assign(new Error("Not Found"), { status: 404 });
            return { data: run };
          },
          listWorkflowRunArtifacts: async (params: { run_id: number; name: string }) => ({
            data: {
              artifacts: artifacts.filter(
                (a) => a.workflow_run.id === params.run_id && a.name === params.name,
              ),
            },
          }),
        },
        issues: {
          createComment: async (params: Record<string, unknown>) => {
            comments.push(params);
            return { data: {} };
          },
        },
      },
    };
    return { github, core, outputs, failures, summary, comments };
  }

  const merged = { number: 7, merged_at: "2025-01-01T00:00:00Z", head: { sha: "abc" } };
  const prPlan = { name: "docsync-plan-abc", expired: false, workflow_run: { id: 99 } };
  const toApprove = { name: "docsync-plan-to-approve", expired: false, workflow_run: { id: 120 } };
  const applyRun = { id: 120, name: "docsync apply" };
  const findPlan = "Find the approved plan";
  const dispatch = (planRun: string) =>
    [{ PLAN_RUN: planRun }, { eventName: "workflow_dispatch", workflow: "docsync apply" }] as const;

  it("apply, on a push: the merged pull request's plan, or no plan (which only plans, for approval)", async () => {
    const found = applyScripts([merged], [prPlan]);
    await runScript(load("apply"), found.github, {}, found.core, "def", { step: findPlan });
    expect(found.outputs).toEqual({ pull: "7", "run-id": "99", name: "docsync-plan-abc" });

    const none = applyScripts([], []);
    await runScript(load("apply"), none.github, {}, none.core, "def", { step: findPlan });
    expect(none.outputs).toEqual({});
    expect(none.failures).toEqual([]);

    const missing = applyScripts([merged], []);
    await runScript(load("apply"), missing.github, {}, missing.core, "def", { step: findPlan });
    expect(missing.failures).toEqual([
      "Pull request #7 has no plan docsync-plan-abc: re-run its plan workflow.",
    ]);
  });

  it("apply, by hand: the plan of the run named by plan-run, or a clear failure for a wrong or missing one", async () => {
    const approve = async (planRun: string, runs = [applyRun], artifacts = [toApprove, prPlan]) => {
      const stub = applyScripts([merged], artifacts, runs);
      const [env, event] = dispatch(planRun);
      await runScript(load("apply"), stub.github, env, stub.core, "def", { step: findPlan, event });
      return stub;
    };
    const approved = await approve("120");
    expect(approved.failures).toEqual([]);
    expect(approved.outputs).toEqual({ pull: "7", "run-id": "120", name: "docsync-plan-to-approve" });

    // Without plan-run: no plan, so the step plans for approval.
    expect((await approve("")).outputs).toEqual({ pull: "7" });

    expect((await approve("12x")).failures).toEqual([
      'plan-run must be the number of a run of docsync apply, not "12x".',
    ]);
    expect((await approve("121")).failures).toEqual(["There is no run 121 in acme/docs-config."]);
    expect((await approve("99", [{ id: 99, name: "docsync plan" }])).failures).toEqual([
      "Run 99 is a run of docsync plan, not of docsync apply: plan-run names a run of this workflow that left a plan to approve.",
    ]);
    const applied = await approve("120", [applyRun], [prPlan]);
    expect(applied.failures).toEqual([
      "Run 120 left no plan to approve (no artifact docsync-plan-to-approve): it applied its plan, failed before planning, or the artifact expired. Run this workflow without plan-run for a new plan.",
    ]);
    expect(applied.outputs).toEqual({ pull: "7" });
    const expired = await approve("120", [applyRun], [{ ...toApprove, expired: true }]);
    expect(expired.failures).toHaveLength(1);
  });

  it("apply, when the plan was not applied: how to approve it, in the summary and on the merged pull request", async () => {
    const reportFile = join(dir, "refused.md");
    await writeFile(reportFile, "<!-- docsync-apply -->\n### docsync apply · approved plan out of date\n");
    const how = [
      "**To apply this plan exactly, approve it:** run the workflow *docsync apply* by hand (Actions → docsync apply → Run workflow) with `plan-run` set to `42`, or:",
      "",
      "```sh",
      "gh workflow run 'docsync apply' --repo acme/docs-config -f plan-run=42",
      "```",
      "",
      "That run applies it, or refuses it with a new plan to approve if the organization changed again by then.",
    ].join("\n");
    const step = "Say how to approve the plan";
    const event = { workflow: "docsync apply" };
    const withPull = applyScripts([], []);
    await runScript(
      load("apply"),
      withPull.github,
      { REPORT_FILE: reportFile, PULL: "7" },
      withPull.core,
      "",
      {
        step,
        event,
      },
    );
    expect(withPull.summary).toEqual([`${how}\n`]);
    expect(withPull.comments).toEqual([
      {
        owner: "acme",
        repo: "docs-config",
        issue_number: 7,
        body: `<!-- docsync-apply -->\n### docsync apply · approved plan out of date\n\n${how}\n`,
      },
    ]);
    // A push no pull request planned: the summary only.
    const alone = applyScripts([], []);
    await runScript(load("apply"), alone.github, { REPORT_FILE: reportFile, PULL: "" }, alone.core, "", {
      step,
      event,
    });
    expect(alone.summary).toEqual([`${how}\n`]);
    expect(alone.comments).toEqual([]);
  });
});
