// What a site space is in a configuration file and as configured: the space it publishes (by
// its name under `spaces:`), its path, condition and default, checked and resolved.

import type { Located } from "../../model/desired.ts";
import { checkSingleDefault, defined } from "../configured.ts";
import { knownSpaces } from "../known-spaces.ts";
import type { KindConfig } from "../types.ts";
import type { RawSection } from "./site-navigation.ts";
import type { DesiredSiteSpace, RawSite, RawSiteSpace } from "./site-types.ts";

export type { DesiredSiteSpace, RawSiteSpace } from "./site-types.ts";

export const siteSpaceConfig: KindConfig<Located<RawSiteSpace>, DesiredSiteSpace, RawSite | RawSection> = {
  schema: { fragment: "site-space" },
  // Identity is the space (the API shows a space once per container); paths are unique too.
  identities: [
    { field: "space", noun: "for space", hints: false },
    { field: "path", hints: false },
  ],
  check(siteSpaces, ctx) {
    checkSingleDefault(siteSpaces, `site space in this ${ctx.parent?.kind ?? "site"}`, ctx);
    for (const siteSpace of siteSpaces) {
      if (siteSpace.value.was !== undefined) {
        const message =
          "a site space is identified by its space, and its path changes in place: remove `was`";
        ctx.report(siteSpace, ["was"], message);
      }
      const name = siteSpace.value.space;
      if (ctx.spaces === undefined || ctx.spaces.has(name)) continue;
      ctx.report(siteSpace, ["space"], `unknown space "${name}"; ${knownSpaces(ctx.spaces)}`);
    }
  },
  resolve({ value: { space, path, condition, default: isDefault } }, meta, ctx) {
    return {
      ...meta,
      spaceId: ctx.spaceId(space),
      spaceName: space,
      path,
      ...defined({ condition, default: isDefault }),
    };
  },
};
