// A site's share links: `shareLinks: [{ name, active? }]`, identity the name within the site. A
// link is made active; `active` and the name (renamed with `was:`) are changed with PATCH.
// A link's URL (`urls.published`) holds the secret token that opens the site to whoever has it:
// it is dropped as the list is read, so that no plan, report, log or export can ever hold it.
// People find the URL in the web app.

import type { Id } from "../../model/address.ts";
import type { ItemMeta, Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField, patchBody } from "../compare.ts";
import { defined } from "../configured.ts";
import { leafNodes } from "../live-nodes.ts";
import { below, liveId, sitePath, subPath } from "../paths.ts";
import type { CallDraft, KindModule, Types } from "../types.ts";
import type { InSite } from "./in-site.ts";

/** A share link as docsync keeps it: the service's answer without its URL. */
export interface LiveShareLink {
  [field: string]: unknown;
  id: string;
  name: string;
  active: boolean;
}

export interface RawShareLink {
  name: string;
  active?: boolean;
  was?: string;
}

export interface DesiredShareLink extends ItemMeta {
  name: string;
  active?: boolean;
}

const PATCHABLE = ["name", "active"] as const;

const linksPath = <S extends Id>(org: string, site: S) => subPath(sitePath(org, site), "/share-links");

/** The answer's fields docsync keeps: never `urls`, which holds the link's secret token. */
function withoutUrl(answer: Record<string, unknown>): LiveShareLink {
  return {
    id: String(answer.id),
    name: typeof answer.name === "string" ? answer.name : "",
    // The service makes links active; an answer without the field is one.
    active: answer.active !== false,
  };
}

export const shareLinkKind: KindModule<
  Types<InSite & { desired: DesiredShareLink; live: LiveShareLink; raw: Located<RawShareLink> }>
> = {
  kind: "share link",
  collection: "shareLinks",
  config: {
    schema: { fragment: "share-link" },
    identities: [{ field: "name" }],
    resolve({ value }, meta) {
      return { ...meta, name: value.name, ...defined({ active: value.active }) };
    },
  },

  async read(client, scope) {
    const answers = await client.list<Record<string, unknown>>(
      linksPath(scope.organization, liveId(scope.ids.site)),
    );
    return leafNodes(answers.map(withoutUrl));
  },

  key: (link) => link.name,
  liveKey: (link) => link.name,

  diff(desired, live) {
    const changes: FieldChange[] = [];
    compareField(changes, "name", desired.name, live?.item.name);
    // A new link is active unless configured otherwise.
    compareField(changes, "active", desired.active, live ? live.item.active : true);
    return changes;
  },

  create(desired, address, scope, ctx) {
    const path = linksPath(scope.organization, scope.ids.site);
    const calls: CallDraft[] = [
      {
        method: "POST",
        path,
        body: { name: desired.name },
        summary: "create share link",
        captures: [{ address, pointer: "/id" }],
        recover: { list: path, match: { name: desired.name } },
      },
    ];
    if (desired.active === false) {
      calls.push({
        method: "PATCH",
        path: below(path, ctx.idOf(address)),
        body: { active: false },
        summary: "deactivate share link",
      });
    }
    return calls;
  },

  update(_desired, live, changes, _address, scope) {
    return [
      {
        method: "PATCH",
        path: below(linksPath(scope.organization, scope.ids.site), live.item.id),
        body: patchBody(changes, PATCHABLE),
        summary: "update share link",
      },
    ];
  },

  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: below(linksPath(scope.organization, scope.ids.site), live.item.id),
      summary: "delete share link",
    },
  ],

  // Every field: that mapping plans to no change. The URL is never read, so never written.
  toConfig: (live) => ({ name: live.item.name, active: live.item.active }),
};
