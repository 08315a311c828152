// The example workflows: they use the action as action.yml declares it, with the least
// permissions, and their github-script steps do what they say (run here against a stand-in
// for the GitHub API).

import { readFileSync } from "node:fs";
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
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency?: { group: string; "cancel-in-progress": boolean };
  jobs: Record<string, { if?: string; steps: Step[] }>;
}

const load = (name: string) => parse(readFileSync(`examples/workflows/${name}.yml`, "utf8")) as Workflow;
const action = parse(readFileSync("action.yml", "utf8")) as { inputs: Record<string, unknown> };

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
      config: "docsync.yaml",
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

  it("apply: on push to main, never two at once, the approved plan when there is one", () => {
    const workflow = load("apply");
    expect(workflow.on).toMatchObject({ push: { branches: ["main"] } });
    expect(workflow.permissions).toEqual({ contents: "read", "pull-requests": "read", actions: "read" });
    expect(workflow.concurrency).toEqual({ group: "docsync-apply", "cancel-in-progress": false });
    const step = docsyncStep(workflow);
    expect(step.with!.command).toBe("apply");
    expect(step.with!.plan).toContain("approved/saved-plan.json");
    const download = steps(workflow).find((s) => s.uses === "actions/download-artifact@v4")!;
    expect(download.with).toMatchObject({
      name: expression("steps.approved.outputs.name"),
      "run-id": expression("steps.approved.outputs.run-id"),
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
) {
  const step = steps(workflow).find((s) => s.uses === "actions/github-script@v7")!;
  const script = new AsyncFunction("require", "github", "context", "process", "core", step.with!.script!);
  await script(createRequire(import.meta.url), github, { ...context, sha }, { env }, core);
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

  it("apply: finds the merged pull request's plan, or applies the configuration without one", async () => {
    const outputs: Record<string, string> = {};
    const failures: string[] = [];
    const core = {
      setOutput: (name: string, value: string) => {
        outputs[name] = value;
      },
      setFailed: (message: string) => failures.push(message),
      info: () => {},
    };
    const github = (pulls: unknown[], artifacts: unknown[]) => ({
      rest: {
        repos: { listPullRequestsAssociatedWithCommit: async () => ({ data: pulls }) },
        actions: {
          listArtifactsForRepo: async (params: { name: string }) => ({
            data: { artifacts: artifacts.filter((a) => (a as { name: string }).name === params.name) },
          }),
        },
      },
    });
    const merged = { number: 7, merged_at: "2025-01-01T00:00:00Z", head: { sha: "abc" } };
    const artifact = { name: "docsync-plan-abc", expired: false, workflow_run: { id: 99 } };
    await runScript(load("apply"), github([merged], [artifact]), {}, core, "def");
    expect(outputs).toEqual({ "run-id": "99", name: "docsync-plan-abc" });

    const none: Record<string, string> = {};
    await runScript(
      load("apply"),
      github([], []),
      {},
      { ...core, setOutput: (n: string, v: string) => (none[n] = v) },
    );
    expect(none).toEqual({});

    await runScript(load("apply"), github([merged], []), {}, core, "def");
    expect(failures).toEqual(["Pull request #7 has no plan docsync-plan-abc: re-run its plan workflow."]);
  });
});
