// What a site gives the audience kinds inside it, as far as they use it: its title (for
// messages), its live item's id, `published` and `visibility`, and its id. Declared here, not
// taken from the site kind, so that these kinds do not import the module that lists them.

import type { Id } from "../../model/address.ts";
import type { LiveNode } from "../types.ts";

export interface InSite {
  parent: { title: string };
  parentRaw: unknown;
  parentNode: LiveNode<{ id: string; published?: boolean; visibility?: string }>;
  ids: { site: Id };
}
