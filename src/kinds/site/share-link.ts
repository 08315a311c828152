// A site's share links: `shareLinks: [{ name, active? }]`, identity the name within the site. A
// link is made active; `active` and the name (renamed with `was:`) are changed with PATCH.
// A link's URL (`urls.published`) holds the secret token that opens the site to whoever has it:
// it is dropped as the list is read, so that no plan, report, log or export can ever hold it.
// People find the URL in the web app.

import type { ItemMeta, Located } from "../../model/desired.ts";
import { sitePath, subPath } from "../paths.ts";
import { listedKind } from "../shapes/listed.ts";
import type { KindModule, Types } from "../types.ts";
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

type ShareLinkTypes = Types<
  InSite & { desired: DesiredShareLink; live: LiveShareLink; raw: Located<RawShareLink> }
>;

export const shareLinkKind: KindModule<ShareLinkTypes> = listedKind<ShareLinkTypes>({
  kind: "share link",
  collection: "shareLinks",
  schema: { fragment: "share-link" },
  identities: [{ field: "name" }],
  path: (scope) => subPath(sitePath(scope.organization, scope.ids.site), "/share-links"),
  // Never `urls`, which holds the link's secret token.
  keeps: "fields",
  fields: [
    // An answer without a name is a link named "".
    { name: "name", initial: "" },
    // The service makes links active: one configured inactive is deactivated once made.
    { name: "active", initial: true, afterCreate: true },
  ],
  afterCreateSummary: "deactivate share link",
});
