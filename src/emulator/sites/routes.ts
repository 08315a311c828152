import type { Route } from "../core/context.ts";

export const siteRoutes: Route[] = [];
