// The GitHub Action end to end, against the emulator over HTTP: its step with the inputs as INPUT_*
// variables and the runner's files, run in this process; the first two tests run it as the runner
// does, node on the bundle action.yml names, a process of its own: that the bundle starts and runs
// a plan, writing nothing to its error stream, and that main.ts ends it with the step's exit code.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import { VERSION } from "../../src/version.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { commandsIn, type Workspace, workspace } from "./support.ts";

/** The redirects of the plan too large for a comment. */
const REDIRECTS = 1_800;
const TEAM_LINE = '+ team "Support": members ["usr_rita"]';
const PLAN_LINE =
  "Plan: 14 to create (3 collections, 3 teams, 3 space permissions, 2 custom fields, 1 SAML provider, 1 OpenAPI spec, 1 translation), 5 to update (2 members, 1 collection, 1 settings, 1 space), 0 to move, 0 to delete.";

describe("the action", () => {
  let h: Harness;
  let ws: Workspace;
  let inputs: Record<string, string>;
  let env: Record<string, string>;

  beforeEach(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    ws = await workspace();
    await ws.copy("examples/organization", "config");
    inputs = { command: "plan", config: "config", "api-url": h.emulator.url, token: h.emulator.token };
    // The workflow's environment: the example's organization comes from ${DOCSYNC_ORG}.
    env = { DOCSYNC_ORG: h.org };
  });
  afterEach(async () => {
    await ws.close();
    await h.close();
  });

  it("plan: reports changes through its outputs, the job summary and a plan file, and succeeds", async () => {
    const run = await ws.runProcess(inputs, env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.outputs.changes).toBe("true");
    expect(run.outputs["exit-code"]).toBe("2");
    // Changes are not a failure.
    expect(run.outputs["failure-reason"]).toBe("");
    // The multiline-safe form, for every output.
    expect(run.outputFile).toMatch(/^changes<<(ghadelimiter_[0-9a-f-]{36})\ntrue\n\1\nexit-code<</);

    expect(run.summary).toContain(`**${PLAN_LINE}**\n`);
    // Each change one line with its values, in a list per kind.
    expect(run.summary).toContain(
      [
        "<details open><summary>4 collections: 1 to update, 3 to create</summary>",
        "",
        "```diff",
        '! collection "Product docs": description (not set) ⇒ "Everything customers read"',
        '+ collection "Guides": description "How-tos and tutorials", parent "col_docs"',
        '+ collection "Internal": defaultLevel "comment"',
        '+ collection "Runbooks": parent (id of new collection "Internal")',
        "```",
        "",
        "</details>",
      ].join("\n"),
    );
    expect(run.summary).toContain(`${TEAM_LINE}\n`);
    expect(run.summary).toContain('! member "eddie@acme.example": role "edit" ⇒ "create"\n');
    expect(run.summary).toContain('+ SAML provider "Okta"\n      entityID: "http://www.okta.example/exk1"\n');
    // The whole plan as a page, for the artifact.
    const html = await readFile(run.outputs["html-file"]!, "utf8");
    expect(run.outputs["html-file"]).toMatch(/\/plan\.html$/);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<p class="summary">${PLAN_LINE}</p>`);
    const report = await readFile(run.outputs["report-file"]!, "utf8");
    expect(`${report}\n`).toBe(run.summary);

    const planFile = run.outputs["plan-file"]!;
    expect(planFile.startsWith(`${ws.dir}/docsync-plan-`)).toBe(true);
    const plan = JSON.parse(await readFile(planFile, "utf8"));
    expect(plan.format).toBe("docsync-plan");
    expect(plan.organization).toBe(h.org);
    expect(plan.changes.map((change: { address: string }) => change.address)).toEqual([
      'collection "Product docs"',
      'collection "Guides"',
      'collection "Internal"',
      'collection "Runbooks"',
      'team "Writers"',
      'team "Reviewers"',
      'team "Support"',
      'member "eddie@acme.example"',
      'member "usr_rita"',
      'custom field "owner"',
      'custom field "tier"',
      'SAML provider "Okta"',
      'settings "organization"',
      'OpenAPI spec "payments-api"',
      'translation "handbook → fr"',
      'space "handbook"',
      'space "handbook" › space permission "user:ada@acme.example"',
      'space "handbook" › space permission "team:Writers"',
      'space "handbook" › space permission "team:Reviewers"',
    ]);

    // The log shows the plan as text; no error, no warning.
    expect(run.stdout).toContain(`  ${TEAM_LINE}\n`);
    expect(commandsIn(run.stdout).filter((line) => /^::(error|warning)/.test(line))).toEqual([]);
    expect(h.writes()).toBe(0);
  });

  it("plan with fail-on-changes: the step fails with exit code 2 and says why", async () => {
    const run = await ws.runProcess({ ...inputs, "fail-on-changes": "true" }, env);
    expect(run.code).toBe(2);
    expect(run.outputs.changes).toBe("true");
    expect(run.outputs["exit-code"]).toBe("2");
    expect(commandsIn(run.stdout)).toContain(`::error::${PLAN_LINE} See the job summary.`);
  });

  it("plan that apply will refuse: the report leads with it, and the step fails with exit code 3", async () => {
    const teams = (list: string, policy = "") =>
      `version: 1\norganization: \${DOCSYNC_ORG}\nteams: ${list}\n${policy}`;
    await ws.write("two.yaml", teams("[{ title: One }, { title: Two }]"));
    await ws.write("none.yaml", teams("[]", "policy: { prune: [teams], maxDestroy: 1 }\n"));
    const made = await ws.run(
      { ...inputs, config: "two.yaml", command: "apply", "auto-approve": "true" },
      env,
    );
    expect(made.code).toBe(0);
    const run = await ws.run({ ...inputs, config: "none.yaml" }, env);
    expect(run.code).toBe(3);
    expect(run.outputs["exit-code"]).toBe("3");
    expect(run.outputs["failure-reason"]).toBe("plan.max-destroy");
    expect(run.outputs["saved-plan"]).not.toBe("");
    const errors = commandsIn(run.stdout).filter((line) => line.startsWith("::error::"));
    expect(errors).toEqual([
      expect.stringMatching(
        /^::error::The plan deletes or replaces 2 items, more than policy\.maxDestroy \(1\)\. /,
      ),
    ]);
    // The comment: its heading and summary, then the banner, before any change.
    const banner = run.summary.indexOf("> [!CAUTION]\n> **Apply will refuse this plan**");
    expect(banner).toBeGreaterThan(0);
    expect(banner).toBeLessThan(run.summary.indexOf("```diff"));
    expect(run.summary).toContain("policy.maxDestroy (1)");
    const plan = JSON.parse(await readFile(run.outputs["plan-file"]!, "utf8"));
    expect(plan.refusals).toEqual([
      expect.objectContaining({ code: "plan.max-destroy", count: 2, limit: 1 }),
    ]);
    // With --allow-destroy, the plan is one apply makes: the step succeeds.
    const allowed = await ws.run({ ...inputs, config: "none.yaml", args: "--allow-destroy" }, env);
    expect(allowed.code).toBe(0);
    expect(allowed.summary).not.toContain("Apply will refuse");
  });

  it("passes args to docsync, split like a shell splits them", async () => {
    const run = await ws.run({ ...inputs, args: `--target 'team "Support"' --parallelism 2` }, env);
    expect(run.code).toBe(0);
    expect(run.summary).toContain("**Plan: 1 to create (1 team), 0 to update, 0 to move, 0 to delete.**\n");
    expect(run.summary).toContain(`${TEAM_LINE}\n`);
  });

  it("plan too large for a comment: the report says how many changes it left out and names the artifact", async () => {
    // Lines of 86 characters: about 700 fit in the report, so that 1,800 redirects leave out more
    // than a thousand (the count as the report writes it) at a little over half the cost of 3,000
    // lines of 52 characters.
    const redirects = Array.from(
      { length: REDIRECTS },
      (_, i) =>
        `      - { source: /old/${i}, destination: { kind: external, url: "https://acme.example/handbook/archive/moved-in-2024/new/${i}" } }`,
    );
    await ws.write(
      "big.yaml",
      [
        "version: 1",
        `organization: ${h.org}`,
        "sites:",
        "  - title: Big",
        "    redirects:",
        ...redirects,
      ].join("\n"),
    );
    const run = await ws.run(
      { ...inputs, config: "big.yaml", artifact: "docsync-plan-abc123" },
      {
        ...env,
        GITHUB_SERVER_URL: "https://github.com",
        GITHUB_REPOSITORY: "acme/docs-config",
        GITHUB_RUN_ID: "42",
      },
    );
    expect(run.code).toBe(0);
    expect(run.summary.length).toBeLessThan(65_536);
    const shown = run.summary.split("\n").filter((line) => line.startsWith("+ redirect ")).length;
    expect(shown).toBeGreaterThan(500);
    expect(shown).toBeLessThan(REDIRECTS - 1_000);
    expect(run.summary).toContain(
      `> ${(REDIRECTS - shown).toLocaleString("en-US")} changes of 1,801 are left out of this report to keep it under 60,000 characters. The whole plan is in the HTML report \`plan.html\` of the artifact \`docsync-plan-abc123\` of [this workflow run](https://github.com/acme/docs-config/actions/runs/42#artifacts).\n`,
    );
    // The page has them all.
    const html = await readFile(run.outputs["html-file"]!, "utf8");
    expect(html).toContain(`<code>redirect /old/${REDIRECTS - 1}</code>`);
    expect(html.split("<tr ").length - 1).toBe(REDIRECTS + 1);
  });

  it("apply with auto-approve: applies, then a second plan has no changes", async () => {
    const apply = await ws.run({ ...inputs, command: "apply", "auto-approve": "true" }, env);
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
    expect(apply.outputs).toEqual({
      changes: "true",
      "exit-code": "0",
      "plan-file": "",
      "report-file": expect.stringMatching(/\/report\.md$/),
      "html-file": "",
      "saved-plan": "",
      "comment-marker": "<!-- docsync-apply -->",
      "failure-reason": "",
      creates: "14",
      updates: "5",
      moves: "0",
      deletes: "0",
      "changes-made": "19",
      "calls-made": "23",
    });
    expect(apply.summary).toContain(
      "**Apply complete: 19 changes in 23 calls. Live state matches the configuration.**\n",
    );
    expect(apply.stdout).toContain('  ✓ team "Support": create team\n');

    const plan = await ws.run(inputs, env);
    expect(plan.code).toBe(0);
    expect(plan.outputs.changes).toBe("false");
    expect(plan.outputs["exit-code"]).toBe("0");
    expect(plan.summary).toBe(
      `<!-- docsync-plan -->\n### docsync plan · organization \`${h.org}\`\n\n**No changes: live state matches the configuration.**\n\n<sub>docsync ${VERSION}</sub>\n\n`,
    );

    const again = await ws.run({ ...inputs, command: "apply", "auto-approve": "true" }, env);
    expect(again.code).toBe(0);
    expect(again.outputs.changes).toBe("false");
    expect(again.summary).toContain("**No changes: live state matches the configuration.**\n");
  });

  it("drift: nothing after an apply; after a change by hand, fails the step and reports it", async () => {
    expect((await ws.run({ ...inputs, command: "apply", "auto-approve": "true" }, env)).code).toBe(0);
    const clean = await ws.run({ ...inputs, command: "drift" }, env);
    expect(clean.code).toBe(0);
    expect(clean.outputs.changes).toBe("false");
    expect(clean.outputs["exit-code"]).toBe("0");
    expect(clean.summary).toContain("**No drift: the live organization matches the configuration.**\n");

    // Someone deletes a team by hand.
    const teams = await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`);
    const support = teams.find((team) => team.title === "Support")!;
    await h.api.send({ method: "DELETE", path: `/orgs/${h.org}/teams/${support.id}` });
    h.emulator.resetLog();

    const drift = await ws.run({ ...inputs, command: "drift" }, env);
    expect(drift.code).toBe(2);
    expect(drift.outputs.changes).toBe("true");
    expect(drift.outputs["exit-code"]).toBe("2");
    expect(commandsIn(drift.stdout)).toContain(
      "::error::Drift: 1 item differs from the configuration: 1 missing from the live organization. See the job summary.",
    );
    expect(drift.summary).toContain(
      '<summary>1 team: 1 missing from the live organization</summary>\n\n```diff\n+ team "Support": members ["usr_rita"]\n```\n',
    );
    expect(drift.stdout).toContain(`Drift: organization ${h.org} differs from the configuration in 1 item.`);
    const report = JSON.parse(await readFile(drift.outputs["plan-file"]!, "utf8"));
    expect(report).toMatchObject({ format: "docsync-drift", drifted: true });
    expect(
      report.items.map((item: { address: string; state: string }) => [item.address, item.state]),
    ).toEqual([['team "Support"', "missing"]]);
    expect(h.writes()).toBe(0);

    // A workflow that only wants to know: the step succeeds and warns.
    const lenient = await ws.run({ ...inputs, command: "drift", "fail-on-changes": "false" }, env);
    expect(lenient.code).toBe(0);
    expect(lenient.outputs.changes).toBe("true");
    expect(commandsIn(lenient.stdout)).toContain(
      "::warning::Drift: 1 item differs from the configuration: 1 missing from the live organization. See the job summary.",
    );
  });

  it("a bad configuration: one annotation per problem, at its file, line and column; exit 1", async () => {
    await ws.write(
      "config/docsync.yaml",
      "version: 1\norganization: org_acme\nteams:\n  - title: Writers\n    members: nope\n  - titel: Support, 100%\n",
    );
    const run = await ws.run({ ...inputs, config: "config/docsync.yaml" }, env);
    expect(run.code).toBe(1);
    expect(run.outputs.changes).toBe("false");
    expect(run.outputs["exit-code"]).toBe("1");
    expect(run.outputs["plan-file"]).toBe("");
    expect(run.outputs["failure-reason"]).toBe("config.invalid");
    expect(commandsIn(run.stdout).filter((line) => line.startsWith("::error"))).toEqual([
      "::error file=config/docsync.yaml,line=5,col=14::teams[0].members: must be a list (got a string)",
      '::error file=config/docsync.yaml,line=6,col=5::teams[1].titel: unknown key "titel" (did you mean "title"?)',
    ]);
    expect(run.summary).toContain("**The configuration has 2 errors in 1 file.**");
    expect(run.summary).toContain(
      "| `config/docsync.yaml` | 5 | 14 | `teams[0].members`: must be a list (got a string) |\n",
    );
    expect(h.emulator.stats().total).toBe(0);
  });

  it("a configuration with many errors: annotations for the first 50, the count of the rest on the last", async () => {
    const teams = Array.from({ length: 60 }, (_, i) => `  - titel: Team ${i}`).join("\n");
    await ws.write("config/many.yaml", `version: 1\norganization: org_acme\nteams:\n${teams}\n`);
    const run = await ws.run({ ...inputs, config: "config/many.yaml" }, env);
    expect(run.code).toBe(1);
    expect(commandsIn(run.stdout).filter((line) => line.startsWith("::error file="))).toHaveLength(50);
    expect(run.stdout).toContain("(and 10 more errors in this file, not listed)");
  });

  it("an API error: a plain error annotation and exit 1", async () => {
    const run = await ws.run({ ...inputs, token: "not-a-valid-token" }, env);
    expect(run.code).toBe(1);
    expect(run.outputs.changes).toBe("false");
    expect(run.outputs["exit-code"]).toBe("1");
    expect(run.outputs["failure-reason"]).toBe("api.unauthorized");
    const errors = commandsIn(run.stdout).filter((line) => line.startsWith("::error"));
    // Which of the reads made in parallel fails first varies (the token's user is one of them).
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^::error::GET \/(orgs\/org_acme\/[a-z-]+|user) failed: 401 Unauthorized: invalid token: it does not belong to any user$/,
    );
    expect(run.summary).toContain(`### docsync plan · organization \`${h.org}\` · failed\n`);
  });

  it("bad inputs: an error annotation and exit 1, before anything is read", async () => {
    const run = await ws.run({ ...inputs, command: "destroy" }, env);
    expect(run.code).toBe(1);
    expect(commandsIn(run.stdout)).toContain(
      '::error::Input command must be plan, apply or drift, not "destroy".',
    );
    expect(run.outputs["exit-code"]).toBe("1");
    expect(run.outputs["failure-reason"]).toBe("action.input");
    const noToken = await ws.run({ ...inputs, token: "" }, env);
    expect(noToken.code).toBe(1);
    expect(commandsIn(noToken.stdout)).toContain(
      "::error::Input token is required: pass the API token from a secret.",
    );
    expect(h.emulator.stats().total).toBe(0);
  });

  it("args is read with docsync's own options: one the command does not take is an input error, before anything is read", async () => {
    const before = h.emulator.stats().total;
    const bogus = await ws.run({ ...inputs, args: "--parallelism 2 --bogus" }, env);
    expect(bogus.code).toBe(1);
    expect(commandsIn(bogus.stdout)).toContain(
      "::error::Input args is not for docsync plan: unknown option '--bogus'.",
    );
    expect(bogus.outputs["failure-reason"]).toBe("action.input");
    expect(bogus.stderr).not.toContain("    at ");
    // drift takes no --target, as on the command line; a bad value is told as the CLI tells it.
    const drift = await ws.run({ ...inputs, command: "drift", args: "--target 'team \"Support\"'" }, env);
    expect(commandsIn(drift.stdout)).toContain(
      "::error::Input args is not for docsync drift: unknown option '--target'.",
    );
    const parallelism = await ws.run({ ...inputs, args: "--parallelism 0" }, env);
    expect(commandsIn(parallelism.stdout)).toContainEqual(
      expect.stringMatching(
        /^::error::Input args is not for docsync plan: option '--parallelism <n>' argument '0' is invalid\. must be a whole number from 1 to \d+\.$/,
      ),
    );
    expect(parallelism.outputs["failure-reason"]).toBe("action.input");
    expect(h.emulator.stats().total).toBe(before);
  });

  it("never writes the token or the SAML certificate anywhere", async () => {
    const pem = await readFile("examples/organization/okta.pem", "utf8");
    const certificate = pem.trim();
    // Distinctive pieces too, in case a value were split or re-wrapped.
    const pieces = certificate.split("\n").filter((line) => !line.startsWith("-----"));
    const token = h.emulator.token;
    const texts: [string, string][] = [];
    // Drift first, while the SAML provider is still missing: its report holds the certificate's field.
    for (const [command, code] of [
      ["drift", 2],
      ["plan", 0],
      ["apply", 0],
      ["drift", 0],
    ] as const) {
      const approve: Record<string, string> = command === "apply" ? { "auto-approve": "true" } : {};
      const run = await ws.run({ ...inputs, command, ...approve }, env);
      expect(run.code, `${command}: ${run.stdout}${run.stderr}`).toBe(code);
      // The one place the token is written: the mask the runner reads first, and only that.
      const [first, ...rest] = run.stdout.split("\n");
      expect(first).toBe(`::add-mask::${token}`);
      texts.push([`${command} stdout`, rest.join("\n")], [`${command} stderr`, run.stderr]);
      texts.push([`${command} outputs`, run.outputFile], [`${command} summary`, run.summary]);
      texts.push([`${command} report`, await readFile(run.outputs["report-file"]!, "utf8")]);
      if (run.outputs["plan-file"])
        texts.push([`${command} plan file`, await readFile(run.outputs["plan-file"], "utf8")]);
      if (run.outputs["html-file"])
        texts.push([`${command} html`, await readFile(run.outputs["html-file"], "utf8")]);
    }
    expect(texts.map(([name]) => name)).toEqual(
      expect.arrayContaining(["plan plan file", "drift plan file", "plan html", "drift html"]),
    );
    for (const [name, text] of texts) {
      expect(text.includes(token), `token in ${name}`).toBe(false);
      expect(text.includes(certificate), `certificate in ${name}`).toBe(false);
      for (const piece of pieces) expect(text.includes(piece), `certificate line in ${name}`).toBe(false);
    }
    // The certificate was part of what was planned and applied, as "(sensitive)".
    const text = (name: string) => texts.find(([n]) => n === name)![1];
    expect(text("plan summary")).toContain("\n      certificate: (sensitive)\n");
    expect(text("drift summary")).toContain("\n      certificate: (sensitive)\n");
    expect(text("plan html")).toContain('<span class="field">certificate</span><code>(sensitive)</code>');
    const okta = JSON.parse(text("drift plan file")).items.find(
      (item: { address: string }) => item.address === 'SAML provider "Okta"',
    );
    expect(okta.fields.find((field: { field: string }) => field.field === "certificate")).toEqual({
      field: "certificate",
      configured: "(sensitive)",
      sensitive: true,
    });
  });

  it("never writes the certificate or the token when the service quotes them in an error", async () => {
    const certificate = (await readFile("examples/organization/okta.pem", "utf8")).trim();
    const body = certificate
      .split("\n")
      .filter((line) => !line.startsWith("-----"))
      .join("");
    const token = h.emulator.token;
    const quote = (method: string) =>
      h.emulator.failNext({
        method,
        path: /\/saml$/,
        kind: "status",
        status: 400,
        message: `certificate: ${JSON.stringify(certificate)} is not valid for token ${token}`,
      });
    const texts: [string, string][] = [];
    for (const [command, method] of [
      ["plan", "GET"],
      ["drift", "GET"],
      ["apply", "POST"],
    ] as const) {
      quote(method);
      const approve: Record<string, string> = command === "apply" ? { "auto-approve": "true" } : {};
      const run = await ws.run({ ...inputs, command, ...approve }, env);
      expect(run.code, `${command}: ${run.stdout}${run.stderr}`).toBe(1);
      // plan and drift fail with docsync's error as the annotation; apply's log holds its report.
      const shown =
        command === "apply"
          ? run.stdout
          : commandsIn(run.stdout).find((line) => line.startsWith("::error::"));
      expect(shown).toContain(`${method} /orgs/org_acme/saml failed: 400 Bad Request: certificate: `);
      expect(shown).toContain("(sensitive)");
      expect(run.summary).toContain("(sensitive)");
      const [, ...rest] = run.stdout.split("\n");
      texts.push([`${command} stdout`, rest.join("\n")], [`${command} stderr`, run.stderr]);
      texts.push([`${command} outputs`, run.outputFile], [`${command} summary`, run.summary]);
      texts.push([`${command} report`, await readFile(run.outputs["report-file"]!, "utf8")]);
    }
    for (const [name, text] of texts) {
      expect(text.includes(token), `token in ${name}`).toBe(false);
      for (let at = 0; at + 16 <= body.length; at++)
        expect(text.includes(body.slice(at, at + 16)), `certificate in ${name}`).toBe(false);
    }
  });
});
