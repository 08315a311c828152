// A plan predicts its apply: what apply would refuse (policy.maxDestroy without --allow-destroy,
// protect: true) is at the top of every format of the plan and of `show`, and plan exits 3, so
// that a pull request's check fails before the merge; `plan --allow-destroy --out` saves a plan
// whose apply allows what it showed.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applied, type Harness, startHarness } from "../support/harness.ts";
import { conforms } from "../support/json-schemas.ts";
import { spawnDocsync } from "../support/process.ts";

const HEAD = `version: 1\norganization: \${DOCSYNC_ORG}\nspaces: { guides: spc_guides }\n`;

/** A site with `count` redirects, and `policy.maxDestroy` when given. */
const redirects = (count: number, maxDestroy?: number) => {
  const items = Array.from(
    { length: count },
    (_, i) => `      - { source: /old-${i}, to: { section: guides } }`,
  );
  return `${HEAD}sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
    redirects:${count === 0 ? " []" : `\n${items.join("\n")}`}
${maxDestroy === undefined ? "" : `policy: { maxDestroy: ${maxDestroy} }\n`}`;
};

const MAX_DESTROY =
  "policy.maxDestroy: The plan deletes or replaces 3 items, more than policy.maxDestroy (1).";

describe("a plan that apply will refuse", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  /** Three redirects applied; then a configuration that deletes them under maxDestroy: 1. */
  const overTheLimit = async () => {
    await applied(h, await h.config(redirects(3)));
    return h.config(redirects(0, 1));
  };

  it("says so at the top of text, Markdown, HTML and JSON, and plan exits 3", async () => {
    const path = await overTheLimit();
    const text = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(text.code).toBe(3);
    expect(text.stdout.split("\n").slice(0, 3)).toEqual([
      "Apply will refuse this plan:",
      `  ✗ ${MAX_DESTROY}`,
      "    Check the plan, then, if it is what you want, rerun with --allow-destroy (given to plan --out, the saved plan carries it), or raise policy.maxDestroy to 3 or more.",
    ]);
    expect(text.stderr).toBe(
      "Apply will refuse this plan: it breaks policy.maxDestroy (shown at the top of the plan).\n",
    );

    const markdown = await h.run(["plan", "-c", path, "--format", "markdown"]);
    expect(markdown.code).toBe(3);
    const caution = markdown.stdout.indexOf("> [!CAUTION]\n> **Apply will refuse this plan**");
    expect(caution).toBeGreaterThan(0);
    expect(caution).toBeLessThan(markdown.stdout.indexOf("```"));
    expect(markdown.stdout).toContain("policy.maxDestroy (1)");
    expect(markdown.stdout).toContain("raise policy.maxDestroy to 3 or more");

    const html = await h.run(["plan", "-c", path, "--format", "html"]);
    expect(html.code).toBe(3);
    const banner = html.stdout.indexOf(
      '<div class="callout caution refused"><b>Apply will refuse this plan</b>',
    );
    expect(banner).toBeGreaterThan(0);
    // Before the changes, the ones hard to undo that lead the report among them.
    const firstSection = html.stdout.indexOf("<section id=");
    expect(firstSection).toBeGreaterThan(0);
    expect(banner).toBeLessThan(firstSection);
    expect(html.stdout).toContain(MAX_DESTROY);

    const json = await h.run(["plan", "-c", path, "--format", "json"]);
    expect(json.code).toBe(3);
    const plan = conforms("plan.schema.json", json.stdout);
    expect(plan.refusals).toEqual([
      expect.objectContaining({ code: "plan.max-destroy", rule: "policy.maxDestroy", count: 3, limit: 1 }),
    ]);
    expect((plan.refusals as { addresses: string[] }[])[0]!.addresses).toHaveLength(3);
  });

  it("is saved and shown as it is, and its apply refuses it as the plan said", async () => {
    const path = await overTheLimit();
    const file = `${path}.plan.json`;
    expect((await h.run(["plan", "-c", path, "--out", file])).code).toBe(3);
    const shown = await h.run(["show", file]);
    expect(shown.code).toBe(0);
    expect(shown.stdout.startsWith(`Apply will refuse this plan:\n  ✗ ${MAX_DESTROY}\n`)).toBe(true);
    const json = conforms("plan.schema.json", (await h.run(["show", file, "--format", "json"])).stdout);
    expect(json.refusals).toEqual([expect.objectContaining({ code: "plan.max-destroy", count: 3 })]);
    expect((await h.run(["show", file, "--format", "markdown"])).stdout).toContain("> [!CAUTION]");
    expect((await h.run(["show", file, "--format", "html"])).stdout).toContain("callout caution refused");
    const before = h.writes();
    const refused = await h.run(["apply", file, "-c", path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("more than policy.maxDestroy (1)");
    expect(h.writes()).toBe(before);
  });

  it("plan --allow-destroy --out saves a plan that its apply makes without the flag", async () => {
    const path = await overTheLimit();
    const file = `${path}.plan.json`;
    const planned = await h.run(["plan", "-c", path, "--allow-destroy", "--out", file, "--format", "json"]);
    expect(planned.code).toBe(0);
    expect(conforms("plan.schema.json", planned.stdout).refusals).toEqual([]);
    expect(JSON.parse(await readFile(file, "utf8")).allowDestroy).toBe(true);
    expect((await h.run(["show", file])).stdout).not.toContain("Apply will refuse");
    const apply = await h.run(["apply", file, "-c", path]);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain("Apply complete: 3 changes");
  });

  // Processes of their own, for their exit codes: a process starts slowly on a busy machine.
  it("the executable: plan exits 3, and a saved plan applied once more exits 0", {
    timeout: 120_000,
  }, async () => {
    const path = await overTheLimit();
    const file = `${path}.plan.json`;
    const run = async (args: string[]) => {
      const spawned = spawnDocsync(args, h.env);
      const { code } = await spawned.exited;
      return { code, stdout: spawned.stdout(), stderr: spawned.stderr() };
    };
    const refused = await run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(refused.code).toBe(3);
    expect(refused.stdout.startsWith("Apply will refuse this plan:\n")).toBe(true);
    expect((await h.run(["plan", "-c", path, "--allow-destroy", "--out", file])).code).toBe(0);
    expect((await h.run(["apply", file, "-c", path])).code).toBe(0);
    const again = await run(["apply", file, "-c", path]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      "is already applied: the live organization matches it; nothing was changed.",
    );
  });

  it("a plan within the limit has no banner and an empty refusals list", async () => {
    await applied(h, await h.config(redirects(1)));
    const path = await h.config(redirects(0, 1));
    const text = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(text.code).toBe(2);
    expect(text.stdout).not.toContain("Apply will refuse");
    expect(text.stderr).toBe("");
    const json = await h.run(["plan", "-c", path, "--json"]);
    expect(conforms("plan.schema.json", json.stdout).refusals).toEqual([]);
  });

  it("a change protect: true forbids: the plan shows it with the item and exits 3, and is not applied", async () => {
    const field = (type: string) =>
      h.config(
        `version: 1\norganization: \${DOCSYNC_ORG}\ncustomFields:\n  - { name: tier, type: ${type}, title: Tier, protect: true }\n`,
      );
    await applied(h, await field("text"));
    const path = await field("number");
    const file = `${path}.plan.json`;
    const plan = await h.run(["plan", "-c", path, "--out", file]);
    expect(plan.code).toBe(3);
    expect(plan.stdout.split("\n").slice(0, 4)).toEqual([
      "Apply will refuse this plan:",
      "  ✗ protect: The configuration needs changes that protect: true forbids:",
      '      custom field "tier": protected (protect: true), but type cannot change in place: it would need a replacement',
      "    Remove protect: true from the item to allow it, or change the configuration back.",
    ]);
    const json = conforms("plan.schema.json", (await h.run(["plan", "-c", path, "--json"])).stdout);
    expect(json.refusals).toEqual([
      expect.objectContaining({
        code: "plan.protected",
        rule: "protect",
        addresses: ['custom field "tier"'],
      }),
    ]);
    const before = h.writes();
    const apply = await h.run(["apply", file, "-c", path]);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('custom field "tier": protected (protect: true)');
    const direct = await h.run(["apply", "-c", path, "--yes", "--allow-destroy"]);
    expect(direct.code).toBe(1);
    expect(direct.stderr).toContain("The configuration needs changes that protect: true forbids:");
    expect(h.writes()).toBe(before);
  });
});
