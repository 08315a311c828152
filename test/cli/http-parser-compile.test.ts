// A command's connection keeps WebAssembly (undici's HTTP parser) to V8's quick compile: the
// optimising compile that V8 would start once the parser is hot runs on a background thread that
// Node.js waits for at exit, so a run would linger after its last word. Checked in a process of
// its own (the setting holds for a whole process), with V8's test functions: a hot WebAssembly
// function made after connect() stays on the quick compile, as it does not without it.

import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const CONNECTION = resolve(import.meta.dirname, "../../src/front/connection.ts");

/** Whether a hot WebAssembly function ends up optimised, in a process that has connected first. */
function optimisedAfterConnecting(): boolean {
  const script = `
const { connect } = await import(${JSON.stringify(CONNECTION)});
connect({ apiUrl: "http://127.0.0.1:9" }, { DOCSYNC_TOKEN: "t" }).close();
// (func (export "f") (param i32) (result i32) local.get 0 i32.const 1 i32.add)
const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,6,1,96,1,127,1,127,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,32,0,65,1,106,11]);
const { f } = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
const optimised = new Function("f", "return %IsTurboFanFunction(f)");
let calls = 0;
while (!optimised(f) && calls < 2e7) for (let i = 0; i < 1e5; i++, calls++) f(i);
process.stdout.write(String(optimised(f)));`;
  const output = execFileSync(
    process.execPath,
    ["--allow-natives-syntax", "--import", "tsx", "--input-type=module", "-e", script],
    { encoding: "utf8" },
  );
  return output === "true";
}

describe("the HTTP parser's compile", () => {
  it("stays the quick one once a command has connected", () => {
    expect(optimisedAfterConnecting()).toBe(false);
  });
});
