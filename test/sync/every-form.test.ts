// No command writes a secret of the configuration in any form: every byte of standard output
// and error and of every file written (a saved plan, an exported configuration) is read, for
// each secret as it is, JSON-escaped, percent-encoded (encodeURIComponent, encodeURI, + for a
// space), HTML- or Markdown-escaped, with its whitespace collapsed, and base64-encoded. The
// secrets stand in every field that can hold one: titles (a team's, a translation's), a URL's
// path and query, a certificate.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import {
  AUDIENCE_WITH_SECRETS,
  CONFIG_WITH_SECRETS,
  expectNoLiveSecret,
  expectNoSecret,
  liveAudience,
  QUOTED_BY_THE_SERVICE,
  SECRETS,
} from "../support/secret-forms.ts";

/** What an export keeps out: it reads the live organization, where a title is only a title. */
const KEPT_OUT_BY_EXPORT = ["SPEC_API_KEY", "SPEC_TOKEN", "CERT"];

describe("secrets in every field, every command, every form", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("appear in no output and no file", async () => {
    // The secrets the service makes: a site's visitor key and its share links' URLs.
    const audience = await liveAudience(h.api, h.org);
    const file = await h.config(CONFIG_WITH_SECRETS + AUDIENCE_WITH_SECRETS);
    const env = { ...SECRETS, ...audience.env };
    const outputs: [name: string, text: string][] = [];
    const run = async (args: string[]) => {
      const result = await h.run(args, { env });
      outputs.push([`${args.join(" ")} stdout`, result.stdout], [`${args.join(" ")} stderr`, result.stderr]);
      return result;
    };
    expect((await run(["validate", "-c", file])).code).toBe(0);
    for (const format of ["text", "markdown", "json", "html"]) {
      expect((await run(["plan", "-c", file, "--format", format, "-v"])).code).toBe(0);
    }
    const planFile = `${file}.plan.json`;
    expect((await run(["plan", "-c", file, "--out", planFile])).code).toBe(0);
    outputs.push(["saved plan", await readFile(planFile, "utf8")]);
    for (const format of ["text", "markdown", "json", "html"]) {
      expect((await run(["show", planFile, "--format", format])).code).toBe(0);
    }
    const saved = await run(["apply", planFile, "-c", file, "--yes", "-v"]);
    expect(saved.code, saved.stderr).toBe(0);
    // Live items changed by hand: drift and apply show and change them.
    const deleteWriters = async () => {
      const teams = await h.api.list<{ id: string; title: string }>(`/orgs/${h.org}/teams`);
      const writers = teams.find((team) => team.title.startsWith("Writers"));
      await h.api.send({ method: "DELETE", path: `/orgs/${h.org}/teams/${writers!.id}` });
    };
    await deleteWriters();
    for (const format of ["text", "markdown", "json", "html"]) {
      await run(["drift", "-c", file, "--format", format, "-v"]);
    }
    expect((await run(["apply", "-c", file, "--yes", "-v", "--format", "json"])).code).toBe(0);
    expect((await run(["apply", "-c", file, "--yes", "-v"])).code).toBe(0);
    // The service refuses, quoting what it was sent in forms of its own: form-encoded, with
    // lower-case hex, with the certificate's lines collapsed into spaces.
    const quoted = QUOTED_BY_THE_SERVICE;
    await deleteWriters();
    h.emulator.failNext({
      method: "PUT",
      path: /\/teams$/,
      kind: "status",
      status: 400,
      message: quoted,
      times: 9,
    });
    for (const format of ["text", "json"]) {
      const failed = await run(["apply", "-c", file, "--yes", "-v", "--format", format]);
      expect(failed.code, failed.stdout + failed.stderr).toBe(1);
    }
    expect(outputs.at(-1)![1] + outputs.at(-2)![1]).toContain("400 Bad Request: title=");
    // The outputs are there to read: the items, named with their secrets redacted.
    const all = outputs.map(([, text]) => text).join("");
    expect(all).toContain('team "Writers (sensitive)"');
    expect(all).toContain('translation "Français (sensitive)"');
    for (const [name, text] of outputs) expectNoSecret(name, text);
    const live = await audience.secrets();
    // The old link's, read before it was pruned, and those of the links made since.
    expect(live.length).toBe(1 + 3 * 2);
    for (const [name, text] of outputs) expectNoLiveSecret(name, text, live);

    const exports: [name: string, text: string][] = [];
    const exported = `${file}.exported.yaml`;
    for (const args of [
      ["export", "-o", exported, "--force"],
      ["export", "--format", "json"],
    ]) {
      const result = await h.run(args, { env });
      expect(result.code).toBe(0);
      exports.push([`${args.join(" ")} stdout`, result.stdout], [`${args.join(" ")} stderr`, result.stderr]);
    }
    exports.push(["exported file", await readFile(exported, "utf8")]);
    for (const [name, text] of exports) expectNoSecret(name, text, KEPT_OUT_BY_EXPORT);
    for (const [name, text] of exports) expectNoLiveSecret(name, text, await audience.secrets());
    // The export names the key's variable for the user to set, and writes no URL of a link.
    expect(exports.at(-1)![1]).toContain(`privateKey: "\${VISITOR_AUDIENCE_PRIVATE_KEY}"`);
  });
});
