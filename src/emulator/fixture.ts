// Loads a fixture: the built-in one, an object, or a YAML file. A bad fixture is one line
// naming the file, the line and column, the path of the value at fault and the problem.

import { readFile } from "node:fs/promises";
import { LineCounter, parseDocument } from "yaml";
import { DocsyncError } from "../errors.ts";
import { type FixturePath, FixtureProblem } from "./fixture/checks.ts";
import { DEFAULT_FIXTURE } from "./fixture/default.ts";
import type { Fixture } from "./fixture/types.ts";
import { validateFixture } from "./fixture/validate.ts";

export type { Fixture } from "./fixture/types.ts";
export { DEFAULT_FIXTURE };

const showPath = (path: FixturePath): string =>
  path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");

function problemMessage(problem: FixtureProblem): string {
  const path = showPath(problem.path);
  return path === "" ? problem.message : `${path}: ${problem.message}`;
}

export async function loadFixture(input?: string | Fixture): Promise<Fixture> {
  if (input === undefined) return DEFAULT_FIXTURE;
  if (typeof input === "string") return loadFixtureFile(input);
  try {
    return validateFixture(input);
  } catch (error) {
    if (error instanceof FixtureProblem)
      throw new DocsyncError("emulator.fixture", `fixture: ${problemMessage(error)}`);
    throw error;
  }
}

export async function loadFixtureFile(file: string): Promise<Fixture> {
  let source: string;
  try {
    source = await readFile(file, "utf8");
  } catch (error) {
    throw new DocsyncError(
      "emulator.fixture",
      `fixture ${file}: cannot read it (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(source, { lineCounter, prettyErrors: false });
  const syntax = document.errors[0];
  if (syntax) {
    const at = lineCounter.linePos(syntax.pos[0]);
    const message = syntax.message.split("\n")[0];
    throw new DocsyncError("emulator.fixture", `fixture ${file}:${at.line}:${at.col}: ${message}`);
  }
  try {
    return validateFixture(document.toJS());
  } catch (error) {
    if (!(error instanceof FixtureProblem)) throw error;
    // Point at the value at fault, or at the nearest enclosing one that exists (a missing key).
    for (let length = error.path.length; length >= 0; length--) {
      const node = document.getIn(error.path.slice(0, length), true) as
        | { range?: [number, number] }
        | undefined;
      if (node?.range) {
        const at = lineCounter.linePos(node.range[0]);
        throw new DocsyncError(
          "emulator.fixture",
          `fixture ${file}:${at.line}:${at.col}: ${problemMessage(error)}`,
        );
      }
    }
    throw new DocsyncError("emulator.fixture", `fixture ${file}: ${problemMessage(error)}`);
  }
}
