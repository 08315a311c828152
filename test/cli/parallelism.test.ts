// `--parallelism`: one default and one range, checked where the user gives it, for every
// command that reaches the API (docs/apply.md#parallelism).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PARALLELISM, MAX_PARALLELISM } from "../../src/api/parallelism.ts";
import { type Harness, startHarness } from "../support/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const config = () =>
  h.config(
    `version: 1\norganization: \${DOCSYNC_ORG}\nteams:\n  - { title: Writers }\n  - { title: Editors }\n`,
  );

describe("--parallelism", () => {
  it("refuses anything but a whole number from 1 to 256, before any request, for every command", async () => {
    const path = await config();
    const commands = [
      ["plan", "-c", path],
      ["apply", "-c", path, "--yes"],
      ["drift", "-c", path],
      ["export", "--org", h.org],
    ];
    for (const command of commands) {
      for (const value of ["0", "257", "2.5", "eight", "-1"]) {
        h.emulator.resetLog();
        const result = await h.run([...command, "--parallelism", value]);
        expect(result.code, `${command[0]} --parallelism ${value}`).toBe(1);
        expect(result.stderr).toContain(
          `option '--parallelism <n>' argument '${value}' is invalid. must be a whole number from 1 to 256`,
        );
        expect(result.stderr).not.toContain("    at ");
        expect(h.emulator.requests).toHaveLength(0);
      }
    }
  });

  it("takes the ends of the range, and says its default and both bounds in the help", async () => {
    const path = await config();
    for (const value of ["1", String(MAX_PARALLELISM)]) {
      const result = await h.run(["plan", "-c", path, "--parallelism", value]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('+ team "Editors"');
    }
    const help = (await h.run(["apply", "--help"])).stdout.replace(/\s+/g, " ");
    expect(help).toContain(
      `--parallelism <n> API requests in flight at once, and with apply its calls in flight (1 to 256; docs/apply.md#parallelism) (default: ${DEFAULT_PARALLELISM})`,
    );
  });
});
