// `docsync show FILE` renders a saved plan as plan renders plans, without the configuration or
// the API; `docsync completion` prints scripts a shell loads.

import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docsync } from "../support/cli.ts";
import { type Harness, startHarness } from "../support/harness.ts";

describe("docsync show", () => {
  let h: Harness;
  let dir: string;
  let file: string;
  const shown: Record<string, string> = {};
  beforeAll(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    dir = await mkdtemp(join(tmpdir(), "docsync-show-"));
    file = join(dir, "plan.json");
    for (const format of ["text", "markdown", "json", "html"]) {
      const args = ["plan", "-c", "examples/organization", "--format", format];
      shown[format] = (await h.run(format === "text" ? [...args, "--out", file] : args)).stdout;
    }
    h.emulator.resetLog();
  });
  afterAll(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("renders a saved plan in every format as plan printed it, reading nothing", async () => {
    for (const format of ["text", "markdown", "json", "html"]) {
      // No environment: neither the API nor the configuration is needed.
      const result = await docsync(["show", file, "--format", format]);
      expect(result.code).toBe(0);
      expect(result.stdout, format).toBe(shown[format]);
    }
    expect((await docsync(["show", file])).stderr).toMatch(/^Planned at \d{4}-\d\d-\d\dT/);
    expect(h.emulator.requests).toEqual([]);
  });

  it("draws a saved plan's navigation, which it reads from the file alone", async () => {
    expect((await h.run(["apply", "-c", "examples/multi-section", "--yes"])).code).toBe(0);
    const saved = join(dir, "reorganized.json");
    const planned = await h.run(["plan", "-c", "examples/multi-section-reorganized", "--out", saved]);
    const shownText = (await docsync(["show", saved])).stdout;
    expect(shownText).toBe(planned.stdout);
    expect(shownText).toContain(
      '  ~ │  └─ section "reference": title "API reference"  (renamed from "api")\n',
    );
    expect((await docsync(["show", saved, "--format", "html"])).stdout).toContain('<figure class="tree">');
  });

  it("keeps sensitive values out: the certificate is (sensitive), not its digest", async () => {
    const json = (await docsync(["show", file, "--format", "json"])).stdout;
    expect(json).toContain('"(sensitive)"');
    expect(json).not.toContain("sha256:");
    expect(json).not.toContain("MII");
  });

  it("refuses a file that is not a saved plan", async () => {
    const result = await docsync(["show", "package.json"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("Error: package.json is not a plan file saved by docsync plan --out\n");
  });
});

describe("docsync completion", () => {
  it("bash: completes commands, options and --format values", async () => {
    const script = (await docsync(["completion", "bash"])).stdout;
    const complete = async (...words: string[]) => {
      const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _docsync; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const { stdout } = await promisify(execFile)("bash", ["-c", program]);
      return stdout.trim().split("\n");
    };
    expect(await complete("docsync", "pl")).toEqual(["plan"]);
    expect(await complete("docsync", "plan", "--for")).toEqual(["--format"]);
    expect(await complete("docsync", "drift", "--format", "m")).toEqual(["markdown"]);
    expect(await complete("docsync", "completion", "")).toEqual(["--help", "--no-color"]);
  });

  it("zsh and fish: every command and its options", async () => {
    const zsh = (await docsync(["completion", "zsh"])).stdout;
    expect(zsh.startsWith("#compdef docsync\n")).toBe(true);
    expect(zsh).toContain("    plan) _arguments ");
    expect(zsh).toContain("'--format[text, markdown, json or html]:value:(text markdown json html)'");
    const fish = (await docsync(["completion", "fish"])).stdout;
    expect(fish).toContain("complete -c docsync -n __fish_use_subcommand -a show -d ");
    expect(fish).toContain(
      "complete -c docsync -n '__fish_seen_subcommand_from plan' -s c -l config -r -F -d 'configuration file or folder (repeatable)'",
    );
  });

  it("refuses another shell", async () => {
    const result = await docsync(["completion", "tcsh"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Error: command-argument value 'tcsh' is invalid for argument 'shell'");
  });
});
