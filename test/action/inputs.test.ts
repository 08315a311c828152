// How the action reads its inputs and speaks to the runner: action.yml's wiring, the args input,
// workflow commands and outputs.

import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { EOL } from "node:os";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { splitArgs } from "../../src/action/args.ts";
import { getInput, InputError } from "../../src/action/inputs.ts";
import { argsOptions } from "../../src/action/options.ts";
import {
  escapeData,
  escapeProperty,
  outputEntry,
  workflowCommand,
} from "../../src/action/workflow-commands.ts";
import { ACTION_MAIN, parseOutputFile } from "./support.ts";

interface ActionYaml {
  inputs: Record<string, { required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string; steps?: unknown };
}

const action = parse(readFileSync("action.yml", "utf8")) as ActionYaml;

describe("action.yml", () => {
  it("is a node24 action that runs the committed bundle: no setup step, no install", () => {
    expect(action.runs).toEqual({ using: "node24", main: "dist-action/index.js" });
    expect(existsSync(action.runs.main)).toBe(true);
    expect(existsSync(ACTION_MAIN)).toBe(true);
  });

  it("the bundle is one file that needs nothing beside it: no import of a package", () => {
    const bundle = readFileSync(ACTION_MAIN, "utf8");
    const imports = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.every((name) => name!.startsWith("node:"))).toBe(true);
    const required = [...bundle.matchAll(/(?<![`'"])\brequire\("([^"]+)"\)/g)].map((match) => match[1]!);
    expect(required.filter((name) => !builtinModules.includes(name.replace(/^node:/, "")))).toEqual([]);
  });

  it("declares the inputs and outputs the entry reads and writes", () => {
    expect(action.inputs.token!.required).toBe(true);
    expect(action.inputs.config!.default).toBe("docsync.yaml");
    expect(action.inputs.command!.default).toBe("plan");
    expect(Object.keys(action.inputs)).toEqual([
      "command",
      "config",
      "api-url",
      "token",
      "args",
      "fail-on-changes",
      "label",
      "plan",
      "auto-approve",
      "artifact",
    ]);
    expect(Object.keys(action.outputs)).toEqual([
      "changes",
      "exit-code",
      "plan-file",
      "report-file",
      "html-file",
      "saved-plan",
      "comment-marker",
      "failure-reason",
      "creates",
      "updates",
      "moves",
      "deletes",
      "changes-made",
      "calls-made",
    ]);
  });
});

describe("inputs", () => {
  it("are read as the runner names them: spaces to _, uppercased, hyphens kept; trimmed", () => {
    const env = { "INPUT_API-URL": " https://api.example \n", INPUT_MY_INPUT: "x" };
    expect(getInput(env, "api-url")).toBe("https://api.example");
    expect(getInput(env, "my input")).toBe("x");
    expect(getInput(env, "missing")).toBe("");
  });
});

describe("splitArgs", () => {
  it("splits on whitespace and line breaks", () => {
    expect(splitArgs("  --parallelism 4\n--verbose  ")).toEqual(["--parallelism", "4", "--verbose"]);
    expect(splitArgs("")).toEqual([]);
  });

  it("keeps quoted text together, as a shell does", () => {
    expect(splitArgs(`--target 'site "Acme Docs" › section "api"'`)).toEqual([
      "--target",
      'site "Acme Docs" › section "api"',
    ]);
    expect(splitArgs(`--target "site \\"Docs\\"" a\\ b ''`)).toEqual(["--target", 'site "Docs"', "a b", ""]);
    expect(splitArgs(`"a\\nb" 'c\\d' x"y"'z'`)).toEqual(["a\\nb", "c\\d", "xyz"]);
    expect(splitArgs("one \\\ntwo")).toEqual(["one", "two"]);
  });

  it("refuses an unterminated quote", () => {
    expect(() => splitArgs(`--target 'site`)).toThrow("args: unterminated single quote");
    expect(() => splitArgs(`--target "site`)).toThrow("args: unterminated double quote");
  });
});

describe("the args input as options", () => {
  it("reads docsync's options as the CLI defines them", () => {
    const options = argsOptions(
      `-c more.yaml --target 'team "Support"' --allow-destroy --timeout 5 -v`,
      "plan",
    );
    expect(options).toMatchObject({
      config: ["more.yaml"],
      target: ['team "Support"'],
      allowDestroy: true,
      timeout: 5,
      verbose: true,
    });
  });

  it("is an input error when the command would not take it", () => {
    expect(() => argsOptions("--format text", "plan")).toThrow(
      new InputError("Input args is not for docsync plan: unknown option '--format'."),
    );
    expect(() => argsOptions("--allow-destroy", "drift")).toThrow(
      "Input args is not for docsync drift: unknown option '--allow-destroy'.",
    );
    expect(() => argsOptions("plan", "plan")).toThrow(
      /^Input args is not for docsync plan: too many arguments/,
    );
    expect(() => argsOptions("--target 'site", "plan")).toThrow(
      new InputError("Input args: unterminated single quote."),
    );
  });
});

describe("workflow commands", () => {
  it("escape data and properties by the runner's rules", () => {
    expect(escapeData("100% done\r\nnext: a,b")).toBe("100%25 done%0D%0Anext: a,b");
    expect(escapeProperty("C:\\docs,1%\n")).toBe("C%3A\\docs%2C1%25%0A");
  });

  it("format an annotation with its properties", () => {
    expect(
      workflowCommand("error", "teams[0]: must be a list\n(got: a string)", {
        file: "config/a,b.yaml",
        line: 5,
        col: 14,
      }),
    ).toBe("::error file=config/a%2Cb.yaml,line=5,col=14::teams[0]: must be a list%0A(got: a string)\n");
    expect(workflowCommand("error", "plain")).toBe("::error::plain\n");
  });

  it("write outputs in the multiline-safe form, which reads back exactly", () => {
    const entry = outputEntry("report", "line 1\nline 2");
    expect(entry).toMatch(
      new RegExp(`^report<<(ghadelimiter_[0-9a-f-]{36})${EOL}line 1\nline 2${EOL}\\1${EOL}$`),
    );
    expect(parseOutputFile(entry + outputEntry("empty", ""))).toEqual({
      report: "line 1\nline 2",
      empty: "",
    });
  });
});
