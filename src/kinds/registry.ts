// The kinds docsync manages at the top of an organization, in the order plans list them.
// Kinds inside a site are the site kind's children. Adding a kind: its module and one line here.

import { customFieldKind } from "./custom-field.ts";
import { samlProviderKind } from "./saml-provider.ts";
import { siteKind } from "./site.ts";
import { teamKind } from "./team.ts";
import type { AnyKind } from "./types.ts";

export const TOP_LEVEL_KINDS: readonly AnyKind[] = [teamKind, customFieldKind, samlProviderKind, siteKind];
