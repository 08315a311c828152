// Runs docsync in-process, exactly as the executable does, and captures what a user would see.

import type { CallerContext } from "../../src/cli/context.ts";
import { runDocsync } from "../../src/cli/program.ts";
import type { KindSet } from "../../src/kinds/kind-set.ts";
import { plainStyle } from "../../src/render/style.ts";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** What a person types at a question; a function runs when the question is asked (to act meanwhile). */
export type Answer = string | ((question: string) => string | Promise<string>);

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Answers to questions, as a person at a terminal would type them; set makes the run interactive. */
  answers?: Answer[];
  /** The kinds the run works with; default: the built-in ones. */
  kinds?: KindSet;
}

export async function docsync(args: string[], options: RunOptions = {}): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const answers = [...(options.answers ?? [])];
  const context: CallerContext = {
    env: options.env ?? {},
    exitCode: 0,
    ...(options.kinds ? { kinds: options.kinds } : {}),
    output: {
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      style: plainStyle,
      interactive: options.answers !== undefined,
      ask: async (question) => {
        stdout += question;
        const answer = answers.shift() ?? "";
        return typeof answer === "string" ? answer : await answer(question);
      },
    },
  };
  const code = await runDocsync(args, context);
  return { code, stdout, stderr };
}
