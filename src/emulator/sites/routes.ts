// Route table of the sites family (sections 4.9 to 4.13 of the spec, the service's bulk
// redirect operation, and the site's branding, navigation links, audience and permissions of the
// service's published description), mounted by the server.

import type { Route } from "../core/context.ts";
import { adaptiveSchemaHandlers } from "./adaptive-schema-handlers.ts";
import { audienceHandlers } from "./audience-handlers.ts";
import { customizationHandlers } from "./customization-handlers.ts";
import { externalLinkHandlers } from "./external-link-handlers.ts";
import { groupHandlers } from "./group-handlers.ts";
import { sitePermissionHandlers } from "./permission-handlers.ts";
import { bulkRedirectsHandler } from "./redirect-bulk.ts";
import { redirectHandlers } from "./redirect-handlers.ts";
import { sectionHandlers } from "./section-handlers.ts";
import { shareLinkHandlers } from "./share-link-handlers.ts";
import { siteHandlers } from "./site-handlers.ts";
import { siteSpaceHandlers } from "./site-space-handlers.ts";
import { structureHandlers } from "./structure-handlers.ts";

const SITES = "/orgs/:organizationId/sites";
const SITE = `${SITES}/:siteId`;
const SECTION = `${SITE}/sections/:siteSectionId`;
const GROUP = `${SITE}/section-groups/:siteSectionGroupId`;
const SITE_SPACE = `${SITE}/site-spaces/:siteSpaceId`;
const REDIRECT = `${SITE}/redirects/:siteRedirectId`;
const LINK = `${SITE}/external-links/:siteExternalLinkId`;
const SHARE_LINK = `${SITE}/share-links/:shareLinkId`;
const PERMISSIONS = `${SITE}/permissions`;

export const siteRoutes: Route[] = [
  { method: "GET", path: SITES, handler: siteHandlers.list },
  { method: "POST", path: SITES, handler: siteHandlers.create },
  { method: "GET", path: SITE, handler: siteHandlers.get },
  { method: "PATCH", path: SITE, handler: siteHandlers.update },
  { method: "DELETE", path: SITE, handler: siteHandlers.delete },
  { method: "GET", path: `${SITE}/adaptive-schema`, handler: adaptiveSchemaHandlers.get },
  { method: "PUT", path: `${SITE}/adaptive-schema`, handler: adaptiveSchemaHandlers.put },
  { method: "GET", path: `${SITE}/published`, handler: siteHandlers.published },

  { method: "GET", path: `${SITE}/sections`, handler: sectionHandlers.list },
  { method: "POST", path: `${SITE}/sections`, handler: sectionHandlers.create },
  { method: "PATCH", path: SECTION, handler: sectionHandlers.update },
  { method: "DELETE", path: SECTION, handler: sectionHandlers.delete },
  { method: "POST", path: `${SECTION}/move`, handler: sectionHandlers.move },

  { method: "GET", path: `${SITE}/section-groups`, handler: groupHandlers.list },
  { method: "POST", path: `${SITE}/section-groups`, handler: groupHandlers.create },
  { method: "PATCH", path: GROUP, handler: groupHandlers.update },
  { method: "DELETE", path: GROUP, handler: groupHandlers.delete },
  { method: "POST", path: `${GROUP}/sections`, handler: groupHandlers.addSection },
  { method: "DELETE", path: `${GROUP}/sections/:siteSectionId`, handler: groupHandlers.removeSection },
  { method: "POST", path: `${GROUP}/move`, handler: groupHandlers.move },

  { method: "GET", path: `${SITE}/site-spaces`, handler: siteSpaceHandlers.list },
  { method: "POST", path: `${SITE}/site-spaces`, handler: siteSpaceHandlers.create },
  { method: "PATCH", path: SITE_SPACE, handler: siteSpaceHandlers.update },
  { method: "DELETE", path: SITE_SPACE, handler: siteSpaceHandlers.delete },
  { method: "POST", path: `${SITE_SPACE}/move`, handler: siteSpaceHandlers.move },

  { method: "GET", path: `${SITE}/redirects`, handler: redirectHandlers.list },
  { method: "POST", path: `${SITE}/redirects`, handler: redirectHandlers.create },
  // The service's bulk operation (service facts), not in the spec.
  { method: "PUT", path: `${SITE}/redirects`, handler: bulkRedirectsHandler },
  { method: "PATCH", path: REDIRECT, handler: redirectHandlers.update },
  { method: "DELETE", path: REDIRECT, handler: redirectHandlers.delete },
  { method: "GET", path: `${SITE}/redirect`, handler: redirectHandlers.lookup },

  // The service's published description (design/published-site.md), not in the spec.
  { method: "GET", path: `${SITE}/customization`, handler: customizationHandlers.getSite },
  { method: "PUT", path: `${SITE}/customization`, handler: customizationHandlers.putSite },
  { method: "GET", path: `${SITE_SPACE}/customization`, handler: customizationHandlers.getSiteSpace },
  { method: "PATCH", path: `${SITE_SPACE}/customization`, handler: customizationHandlers.patchSiteSpace },
  { method: "DELETE", path: `${SITE_SPACE}/customization`, handler: customizationHandlers.deleteSiteSpace },

  { method: "GET", path: `${SITE}/structure`, handler: structureHandlers.get },
  { method: "PATCH", path: `${SITE}/structure/sort`, handler: structureHandlers.sort },
  { method: "POST", path: `${SITE}/external-links`, handler: externalLinkHandlers.create },
  { method: "PATCH", path: LINK, handler: externalLinkHandlers.update },
  { method: "DELETE", path: LINK, handler: externalLinkHandlers.delete },

  { method: "POST", path: `${SITE}/publish`, handler: audienceHandlers.publish },
  { method: "POST", path: `${SITE}/unpublish`, handler: audienceHandlers.unpublish },
  { method: "GET", path: `${SITE}/publishing/auth`, handler: audienceHandlers.getAuth },
  { method: "PATCH", path: `${SITE}/publishing/auth`, handler: audienceHandlers.patchAuth },
  { method: "GET", path: `${SITE}/share-links`, handler: shareLinkHandlers.list },
  { method: "POST", path: `${SITE}/share-links`, handler: shareLinkHandlers.create },
  { method: "PATCH", path: SHARE_LINK, handler: shareLinkHandlers.update },
  { method: "DELETE", path: SHARE_LINK, handler: shareLinkHandlers.delete },

  { method: "POST", path: PERMISSIONS, handler: sitePermissionHandlers.invite },
  { method: "GET", path: `${PERMISSIONS}/teams`, handler: sitePermissionHandlers.listTeams },
  { method: "PATCH", path: `${PERMISSIONS}/teams/:teamId`, handler: sitePermissionHandlers.changeTeam },
  { method: "DELETE", path: `${PERMISSIONS}/teams/:teamId`, handler: sitePermissionHandlers.removeTeam },
  { method: "GET", path: `${PERMISSIONS}/users`, handler: sitePermissionHandlers.listUsers },
  { method: "PATCH", path: `${PERMISSIONS}/users/:userId`, handler: sitePermissionHandlers.changeUser },
  { method: "DELETE", path: `${PERMISSIONS}/users/:userId`, handler: sitePermissionHandlers.removeUser },
];
