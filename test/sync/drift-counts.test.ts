// Drift's summaries, as `docsync drift` prints them, count every item that differs under its own
// state: a field that cannot change in place is one item that differs, protected or not.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const config = (owner: string) => `version: 1
organization: \${DOCSYNC_ORG}
customFields:
  - { name: tier, type: text, title: Tier }
  - ${owner}
`;

describe("drift's counts of a replacement", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    await applied(
      h,
      await h.config(config("{ name: owner, type: select, title: Owner, options: [docs, eng] }")),
    );
  });
  afterEach(() => h.close());

  for (const [what, owner] of [
    ["", "{ name: owner, type: text, title: Owner }"],
    [" protected", "{ name: owner, type: text, title: Owner, protect: true }"],
  ] as const) {
    it(`counts a${what} field that cannot change in place as one item that differs`, async () => {
      const path = await h.config(
        config(owner).replace(
          "{ name: tier, type: text, title: Tier }",
          "{ name: tier, type: text, title: Level }",
        ),
      );
      const line = "Drift: 2 items differ from the configuration: 2 different.";
      const markdown = await h.run(["drift", "-c", path, "--format", "markdown"]);
      expect(markdown.code).toBe(2);
      expect(markdown.stdout).toContain(`**${line}**`);
      expect(markdown.stdout).toContain(
        "<summary>2 custom fields: 1 different, 1 different in a field that cannot change in place</summary>",
      );
      const html = await h.run(["drift", "-c", path, "--format", "html"]);
      expect(html.stdout).toContain(`<p class="summary">${line}</p>`);
      const json = JSON.parse((await h.run(["drift", "-c", path, "--format", "json"])).stdout);
      expect(
        json.items.map((item: { address: string; state: string }) => [item.address, item.state]),
      ).toEqual([
        ['custom field "tier"', "differs"],
        ['custom field "owner"', "must-replace"],
      ]);
      const text = await h.run(["drift", "-c", path]);
      expect(text.stdout).toContain("differs from the configuration in 2 items.\n");
    });
  }
});
