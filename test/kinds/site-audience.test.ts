// The audience kinds of a site, directly: what they keep of the service's answers (never a share
// link's URL, never the visitor key itself) and the calls they draft, with no HTTP.

import { describe, expect, it } from "vitest";
import { sitePublishingKind } from "../../src/kinds/site/publishing.ts";
import { shareLinkKind } from "../../src/kinds/site/share-link.ts";
import { hashOfKey, visitorAuthKind } from "../../src/kinds/site/visitor-auth.ts";
import type { RunReader } from "../../src/kinds/types.ts";
import type { SourceLocation } from "../../src/model/desired.ts";

const at: SourceLocation = { file: "docsync.yaml", line: 7, column: 5 };
const KEY = "vk_5eCr3t-key-0123456789";
const URL = "https://acme.docs.example/docs?share-key=tok_secret_0123";

/** A reader that answers every GET and list with the given answers, by the path's end. */
const reader = (answers: Record<string, unknown>): RunReader =>
  ({
    get: async (path: string) => answers[path.split("/").slice(-2).join("/")],
    list: async (path: string) => answers[path.split("/").slice(-1)[0]!],
  }) as unknown as RunReader;

const scope = {
  organization: "org_acme",
  address: [{ kind: "site", key: "Docs" }],
  desired: { title: "Docs" },
  live: { item: { id: "site_1", published: true, visibility: "visitor-auth" }, children: {} },
  ids: { site: "site_1" },
};

describe("a site's audience kinds", () => {
  it("keep no share link's URL and no visitor key of what they read", async () => {
    const client = reader({
      "share-links": [
        { object: "share-link", id: "sl_1", name: "partners", active: true, urls: { published: URL } },
      ],
      "publishing/auth": { object: "publishing-auth", backend: "custom", privateKey: KEY },
    });
    const links = await shareLinkKind.read(client, scope as never);
    const auth = await visitorAuthKind.read(client, scope as never);
    const kept = JSON.stringify([links, auth]);
    expect(kept).not.toContain("tok_secret_0123");
    expect(kept).not.toContain(KEY);
    expect(links[0]!.item).toEqual({ id: "sl_1", name: "partners", active: true });
    expect(auth[0]!.item.privateKeyHash).toBe(hashOfKey(KEY));
  });

  it("compare the configured key by its hash, and refuse one that is not the site's", () => {
    const live = { item: { id: "site_1", backend: "custom", privateKeyHash: hashOfKey(KEY) }, children: {} };
    const same = { at, fields: { privateKey: KEY } };
    expect(visitorAuthKind.diff(same, live, scope as never, {} as never)).toEqual([]);
    const other = { at, fields: { privateKey: "another-key" } };
    const [change] = visitorAuthKind.diff(other, live, scope as never, {} as never);
    expect(change).toMatchObject({ field: "privateKey", sensitive: true });
    expect(JSON.stringify(change)).not.toContain("another-key");
    expect(() => visitorAuthKind.update(other, live, [change!], [], scope as never, {} as never)).toThrow(
      'docsync.yaml:7:5: site "Docs": visitorAuth.privateKey cannot be set',
    );
  });

  it("always send the backend, which the service needs in every change of visitor authentication", () => {
    const live = { item: { id: "site_1", backend: "custom" }, children: {} };
    const desired = { at, fields: { logoutURL: "https://acme.example/bye" } };
    const changes = visitorAuthKind.diff(desired, live, scope as never, {} as never);
    const [call] = visitorAuthKind.update(desired, live, changes, [], scope as never, {} as never);
    expect(call).toMatchObject({
      method: "PATCH",
      path: "/orgs/org_acme/sites/site_1/publishing/auth",
      body: { backend: "custom", logoutURL: "https://acme.example/bye" },
    });
  });

  it("publish with a refusal of the checkout answer, and make a new site's published: false no call", () => {
    const live = { item: { id: "site_1", published: false }, children: {} };
    const publish = { at, fields: { published: true } };
    const [call] = sitePublishingKind.update(publish, live, [], [], scope as never, {} as never);
    expect(call).toMatchObject({
      method: "POST",
      path: "/orgs/org_acme/sites/site_1/publish",
      refusal: { pointer: "/type", value: "checkout", code: "apply.plan-upgrade" },
    });
    const info = { parentIsNew: true, firstInEmptyContainer: true, index: 0 };
    const unpublished = { at, fields: { published: false } };
    expect(sitePublishingKind.diff(unpublished, undefined, scope as never, {} as never)).toEqual([]);
    expect(sitePublishingKind.create(unpublished, [], scope as never, {} as never, info)).toEqual([]);
  });
});
