// The `features` array of a site, fixed by its type. The service publishes that every feature
// id starts with `sites-` and names some of them, not which type holds which: these sets are
// the emulator's. A feature's `plan` is the lowest site type that includes it; legacy types
// keep what they had, frozen.

import type { SiteType } from "./model.ts";

export interface SiteFeature {
  id: string;
  plan: string;
  frozen: boolean;
}

const PREMIUM = [
  "sites-basic-customization",
  "sites-custom-domain",
  "sites-sections",
  "sites-redirects",
  "sites-pdf-export",
];
const ULTIMATE = [
  ...PREMIUM,
  "sites-advanced-customization",
  "sites-adaptive-content",
  "sites-custom-subdirectory",
  "sites-ai-search",
];

function features(ids: readonly string[], frozen: boolean): SiteFeature[] {
  return ids.map((id) => ({ id, plan: PREMIUM.includes(id) ? "premium" : "ultimate", frozen }));
}

export function featuresOf(type: SiteType): SiteFeature[] {
  switch (type) {
    case "basic":
    case "legacy-basic":
      return [];
    case "premium":
      return features(PREMIUM, false);
    case "legacy-premium":
      return features(PREMIUM, true);
    case "ultimate":
      return features(ULTIMATE, false);
    case "sponsored":
      return [{ id: "sites-ads", plan: "sponsored", frozen: true }, ...features(PREMIUM, false)];
  }
}
