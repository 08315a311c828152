// The route table: every family's routes, relative to /v1. A family adds its routes here.

import { changeRequestRoutes } from "./change-requests/handlers.ts";
import { collectionRoutes } from "./collections/handlers.ts";
import { commentRoutes } from "./comments/handlers.ts";
import { contentRoutes } from "./content/handlers.ts";
import type { Route } from "./core/context.ts";
import { customFieldRoutes } from "./custom-fields/handlers.ts";
import { integrationRoutes } from "./integrations/handlers.ts";
import { linkInviteRoutes } from "./link-invites/handlers.ts";
import { memberRoutes } from "./members/handlers.ts";
import { openApiRoutes } from "./openapi/handlers.ts";
import { organizationRoutes } from "./organizations/handlers.ts";
import { samlRoutes } from "./saml/handlers.ts";
import { siteRoutes } from "./sites/routes.ts";
import { spacePermissionRoutes } from "./space-permissions/handlers.ts";
import { spaceRoutes } from "./spaces/handlers.ts";
import { teamRoutes } from "./teams/handlers.ts";
import { translationRoutes } from "./translations/handlers.ts";
import { userRoutes } from "./users/handlers.ts";

export const routes: Route[] = [
  ...userRoutes,
  ...organizationRoutes,
  ...linkInviteRoutes,
  ...memberRoutes,
  ...teamRoutes,
  ...collectionRoutes,
  ...spaceRoutes,
  ...spacePermissionRoutes,
  ...commentRoutes,
  ...changeRequestRoutes,
  ...contentRoutes,
  ...customFieldRoutes,
  ...siteRoutes,
  ...samlRoutes,
  ...openApiRoutes,
  ...translationRoutes,
  ...integrationRoutes,
];
