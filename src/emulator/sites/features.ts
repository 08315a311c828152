// The `features` array of a site, fixed by its type (the service does not publish the catalogue;
// these ids are the emulator's own). A feature's `plan` is the lowest site type that includes it;
// legacy types keep what they had, frozen.

import type { SiteType } from "./model.ts";

export interface SiteFeature {
  id: string;
  plan: string;
  frozen: boolean;
}

const PREMIUM = ["site-customization", "site-sections", "site-insights"];
const ULTIMATE = [...PREMIUM, "adaptive-content", "site-proxy", "ai-search"];

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
      return [{ id: "ads", plan: "sponsored", frozen: true }, ...features(PREMIUM, false)];
  }
}
