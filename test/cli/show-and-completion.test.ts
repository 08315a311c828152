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
    // What the other tests of the file sent, whichever ran first, is not this one's.
    h.emulator.resetLog();
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
  const exec = promisify(execFile);
  const lines = (text: string) => text.trim().split("\n");

  /** What bash offers after `words` (the last one being completed), from the loaded script. */
  async function bash(...words: string[]): Promise<string[]> {
    const script = (await docsync(["completion", "bash"])).stdout;
    const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _docsync; printf '%s\\n' "\${COMPREPLY[@]}"`;
    return lines((await exec("bash", ["-c", program])).stdout);
  }

  /** What fish offers for the command line `line`, from the loaded script (fish's own `complete -C`). */
  async function fish(line: string): Promise<string[]> {
    const script = (await docsync(["completion", "fish"])).stdout;
    const { stdout } = await exec("fish", ["-c", `${script}\ncomplete -C ${JSON.stringify(line)}`]);
    return lines(stdout).map((offered) => offered.split("\t")[0]!);
  }

  /**
   * The `_arguments` specs zsh's script gives for `words`: zsh runs the script, with `_arguments`
   * and `_describe` standing in for its completion system, which needs a terminal.
   */
  async function zsh(...words: string[]): Promise<string[]> {
    const script = (await docsync(["completion", "zsh"])).stdout;
    const program = [
      "compdef() { :; }",
      '_describe() { print -l -- "$@"; }',
      '_arguments() { print -l -- "$@"; }',
      script,
      `words=(${words.map((w) => `'${w}'`).join(" ")}); CURRENT=${words.length}; _docsync`,
    ].join("\n");
    return lines((await exec("zsh", ["-c", program])).stdout);
  }

  it("bash: completes commands, each command's own options and --format values", async () => {
    expect(await bash("docsync", "pl")).toEqual(["plan"]);
    expect(await bash("docsync", "plan", "--for")).toEqual(["--format"]);
    expect(await bash("docsync", "drift", "--format", "m")).toEqual(["markdown"]);
    expect(await bash("docsync", "plan", "--format", "")).toEqual(["text", "markdown", "json", "html"]);
    // validate, apply and export take text or json only.
    for (const command of ["validate", "apply", "export"])
      expect(await bash("docsync", command, "--format", ""), command).toEqual(["text", "json"]);
    expect(await bash("docsync", "validate", "--")).toEqual(["--config", "--format", "--help", "--no-color"]);
    expect(await bash("docsync", "show", "--")).toEqual(["--format", "--help", "--no-color"]);
    expect(await bash("docsync", "completion", "")).toEqual(["bash", "zsh", "fish"]);
  });

  it("zsh: each command's own options, and its own --format values", async () => {
    const script = (await docsync(["completion", "zsh"])).stdout;
    expect(script.startsWith("#compdef docsync\n")).toBe(true);
    expect(await zsh("docsync", "validate", "--format", "")).toEqual([
      "-c[configuration file or folder (repeatable)]:file:_files",
      "--config[configuration file or folder (repeatable)]:file:_files",
      "--format[text, or json  the diagnostics as a docsync-validation document]:value:(text json)",
      "--help[show help]",
    ]);
    expect(await zsh("docsync", "plan", "")).toContain(
      "--format[text, markdown, json or html]:value:(text markdown json html)",
    );
    expect(await zsh("docsync", "show", "")).toContain("*:file:_files");
    expect(await zsh("docsync", "completion", "")).toEqual(["--help[show help]", "1:value:(bash zsh fish)"]);
  });

  it("fish: each command's own options, and its own --format values", async () => {
    expect(await fish("docsync validate --format ")).toEqual(["json", "text"]);
    expect(await fish("docsync export --format ")).toEqual(["json", "text"]);
    expect(await fish("docsync show --format ")).toEqual(["html", "json", "markdown", "text"]);
    expect(await fish("docsync validate --")).toEqual(["--config", "--format", "--help"]);
    expect(await fish("docsync completion ")).toEqual(["bash", "fish", "zsh"]);
    expect(await fish("docsync sh")).toEqual(["show"]);
  });

  it("refuses another shell", async () => {
    const result = await docsync(["completion", "tcsh"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "Error: command-argument value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.",
    );
  });
});
