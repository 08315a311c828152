// The conventions people expect of a command-line tool: where the configuration is found
// without -c, what help says, colour, --target as typed, the hint after plan --out, and one
// prefix for every error.

import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/cli/configuration.ts";
import type { CallerContext } from "../../src/cli/context.ts";
import { runDocsync } from "../../src/cli/program.ts";
import { parseTargetAddress } from "../../src/front/target-address.ts";
import { styleFor } from "../../src/render/style.ts";
import { docsync } from "../support/cli.ts";
import { CLI_BUILD } from "../support/cli-build.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const TEAM = "version: 1\norganization: org_acme\nteams:\n  - title: Writers\n";

describe("the configuration without -c", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsync-default-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("is docsync.yaml, docsync.yml or a docsync/ folder, whichever is there", async () => {
    await writeFile(join(dir, "docsync.yml"), TEAM);
    expect(defaultConfig(dir)).toEqual(["docsync.yml"]);
    const result = await promisify(execFile)(process.execPath, [CLI_BUILD, "validate"], { cwd: dir });
    expect(result.stdout).toContain(
      "Configuration is valid: 1 file(s), 0 site(s), 0 space(s), 0 collection(s), 1 team(s)",
    );

    await rm(join(dir, "docsync.yml"));
    await mkdir(join(dir, "docsync"));
    await writeFile(join(dir, "docsync", "teams.yaml"), TEAM);
    expect(defaultConfig(dir)).toEqual(["docsync"]);
  });

  it("says what it looked for when there is none, and refuses to guess between two", async () => {
    expect(() => defaultConfig(dir)).toThrow(
      "No configuration: pass -c FILE or FOLDER, or run where docsync.yaml, docsync.yml or a docsync/ folder is.",
    );
    await writeFile(join(dir, "docsync.yaml"), TEAM);
    await mkdir(join(dir, "docsync"));
    expect(() => defaultConfig(dir)).toThrow(
      "Both docsync.yaml and docsync are here: pass -c to say which is the configuration.",
    );
  });
});

describe("help", () => {
  it("says what -c reads by default", async () => {
    const { stdout } = await docsync(["plan", "--help"]);
    // Help wraps to the terminal's width: compare with whitespace made single spaces.
    expect(stdout.replace(/\s+/g, " ")).toContain(
      "-c, --config <path> configuration file or folder (repeatable) (default: docsync.yaml, docsync.yml or the folder docsync/, whichever is here)",
    );
    expect(stdout).not.toContain("(default: [])");
  });

  it("lists every command, and --no-color", async () => {
    const { stdout } = await docsync(["--help"]);
    for (const name of ["validate", "plan", "apply", "drift", "export", "show", "completion", "emulator"])
      expect(stdout).toMatch(new RegExp(`^  ${name}\\b`, "m"));
    expect(stdout).toContain("--no-color");
    expect(stdout).toContain("FORCE_COLOR");
  });
});

describe("errors", () => {
  it("all start with Error:, commander's usage errors too", async () => {
    const unknown = await docsync(["plan", "--bogus"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("Error: unknown option '--bogus'\n");
    const command = await docsync(["plna"]);
    expect(command.stderr).toMatch(/^Error: unknown command 'plna'/);
  });
});

describe("colour", () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  const colored = (style: ReturnType<typeof styleFor>) => style.bold("x") !== "x";

  it("FORCE_COLOR turns it on off a terminal, and off with 0 or false; NO_COLOR turns it off", () => {
    expect(colored(styleFor(pipe, {}))).toBe(false);
    expect(colored(styleFor(tty, {}))).toBe(true);
    expect(colored(styleFor(pipe, { FORCE_COLOR: "1" }))).toBe(true);
    expect(colored(styleFor(tty, { FORCE_COLOR: "0" }))).toBe(false);
    expect(colored(styleFor(tty, { FORCE_COLOR: "false" }))).toBe(false);
    expect(colored(styleFor(tty, { NO_COLOR: "1" }))).toBe(false);
    expect(colored(styleFor(tty, { TERM: "dumb" }))).toBe(false);
  });

  it("--no-color turns it off wherever it is given", async () => {
    const h = await startHarness();
    try {
      const config = await h.config(TEAM.replace("org_acme", h.org).replace("Writers", "Colour"));
      const run = async (args: string[]) => {
        let stdout = "";
        const context: CallerContext = {
          env: h.env,
          exitCode: 0,
          output: {
            out: (text) => {
              stdout += text;
            },
            err: () => {},
            style: styleFor(tty, { FORCE_COLOR: "1" }),
            interactive: false,
            ask: async () => "",
          },
        };
        await runDocsync(args, context);
        return stdout;
      };
      expect(await run(["plan", "-c", config])).toContain("\u001b[");
      const plain = await run(["plan", "-c", config, "--no-color"]);
      expect(plain).toContain('+ team "Colour"');
      expect(plain).not.toContain("\u001b[");
      expect(await run(["--no-color", "plan", "-c", config])).not.toContain("\u001b[");
    } finally {
      await h.close();
    }
  });
});

describe("--target", () => {
  it("reads > as ›, with spaces or not, and quotes that hold either", () => {
    const docs = { kind: "site", key: "Acme Docs" };
    expect(parseTargetAddress('site "Acme Docs" > section "api"')).toEqual([
      docs,
      { kind: "section", key: "api" },
    ]);
    expect(parseTargetAddress('site "Acme Docs">section "a > b › c"')).toEqual([
      docs,
      { kind: "section", key: "a > b › c" },
    ]);
    expect(parseTargetAddress('SAML provider "Okta"')).toEqual([{ kind: "SAML provider", key: "Okta" }]);
    expect(parseTargetAddress('team "say \\"hi\\""')).toEqual([{ kind: "team", key: 'say "hi"' }]);
    // Any name can be given: the quotes are JSON's, so `{{ }}`, `}}`, backslashes and separators are names.
    expect(parseTargetAddress('site "Docs }} {{id:x}} \\\\ \' ›"')).toEqual([
      { kind: "site", key: "Docs }} {{id:x}} \\ ' ›" },
    ]);
  });

  it("tells what is wrong with a malformed address", () => {
    const example =
      'An address is kind "name" segments separated by > or ›, e.g. site "Acme Docs" > section "api".';
    expect(() => parseTargetAddress("site Acme Docs")).toThrow(
      `--target "site Acme Docs" is not an address: "site Acme Docs" has no quoted name. ${example}`,
    );
    expect(() => parseTargetAddress('site "Acme Docs > section "api"')).toThrow("a quote is not closed");
    expect(() => parseTargetAddress('site "Acme" >> section "api"')).toThrow(
      "a separator has nothing on one side (segment 2)",
    );
    expect(() => parseTargetAddress("")).toThrow("it is empty");
  });

  describe("against the emulator", () => {
    let h: Harness;
    let config: string;
    beforeAll(async () => {
      h = await startHarness();
      config = await h.config(TEAM.replace("org_acme", h.org).replace("Writers", "Targeted"));
    });
    afterAll(() => h.close());

    it("plans the item an address with > names", async () => {
      const result = await h.run(["plan", "-c", config, "--target", 'team "Targeted"']);
      expect(result.stdout).toContain('+ team "Targeted"');
      const typed = await h.run(["plan", "-c", config, "--target", 'team  "Targeted"']);
      expect(typed.stdout).toBe(result.stdout);
    });

    it("a targeted apply says its check covered the targets only", async () => {
      const two = await h.config(
        `version: 1\norganization: ${h.org}\nteams:\n  - { title: Targeted apply }\n  - { title: Left for later }\n`,
      );
      const result = await h.run(["apply", "-c", two, "--yes", "--target", 'team "Targeted apply"']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain("The targeted items match the configuration");
      expect(result.stdout).not.toContain("Live state matches the configuration");
      const rest = await h.run(["plan", "-c", two]);
      expect(rest.stdout).toContain('+ team "Left for later"');
    });

    it("a syntax error is not an address that matches nothing, and reads nothing", async () => {
      h.emulator.resetLog();
      const malformed = await h.run(["plan", "-c", config, "--target", "team Targeted"]);
      expect(malformed.code).toBe(1);
      expect(malformed.stderr).toMatch(/^Error: --target "team Targeted" is not an address: /);
      expect(h.emulator.requests).toEqual([]);

      const nothing = await h.run(["plan", "-c", config, "--target", 'team "Nobody" > site "x"']);
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toMatch(
        /^Error: --target team "Nobody" › site "x" names nothing in the configuration or the live organization/,
      );
    });

    it("applies a targeted deletion, and its check after the apply finds the item gone, not unknown", async () => {
      const prune = await h.config(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the configuration interpolates it.
        "version: 1\norganization: ${DOCSYNC_ORG}\npolicy: { prune: [teams] }\nteams:\n  - title: Writers\n",
      );
      const result = await h.run([
        "apply",
        "-c",
        prune,
        "--yes",
        "--allow-destroy",
        "--target",
        'team "Reviewers"',
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('- team "Reviewers"');
      expect(result.stdout).toContain("Apply complete");
      const titles = (await h.api.list<{ title: string }>(`/orgs/${h.org}/teams`)).map((team) => team.title);
      expect(titles).not.toContain("Reviewers");
    });
  });
});

describe("the hint after plan --out", () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    dir = await mkdtemp(join(tmpdir(), "docsync-hint-"));
  });
  afterAll(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("names the configuration, and the command it names works without --yes", async () => {
    const out = join(dir, "plan.json");
    const plan = await h.run(["plan", "-c", "examples/organization", "--out", out]);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toBe(
      `Saved the plan to ${out}; apply it with: docsync apply ${out} -c examples/organization\n`,
    );
    const command = plan.stderr.slice(plan.stderr.indexOf("docsync apply ") + "docsync ".length).trim();
    const apply = await h.run(command.split(" "));
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
  });

  it("names the configuration found without -c", async () => {
    const here = await mkdtemp(join(tmpdir(), "docsync-hint-here-"));
    const cwd = process.cwd();
    try {
      await writeFile(
        join(here, "docsync.yaml"),
        TEAM.replace("org_acme", h.org).replace("Writers", "Hinted"),
      );
      process.chdir(here);
      const plan = await h.run(["plan", "--out", "teams.json"]);
      expect(plan.stderr).toBe(
        "Saved the plan to teams.json; apply it with: docsync apply teams.json -c docsync.yaml\n",
      );
      // Without -c, apply takes the configuration found here, as plan did.
      const apply = await h.run(["apply", "teams.json"]);
      expect(apply.stderr).toBe("");
      expect(apply.stdout).toContain("Apply complete: 1 change in 1 call, exactly as planned in teams.json.");
    } finally {
      process.chdir(cwd);
      await rm(here, { recursive: true, force: true });
    }
  });
});
