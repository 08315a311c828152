// HTTP adapter for collections (spec 4.1). Reads need membership of the collection's
// organization, changes need its admin role.

import { administrableOrganization, assertMemberOf, readableOrganization } from "../core/access.ts";
import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { notFound } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { booleanQuery } from "../core/query.ts";
import { renderSpace } from "../core/render.ts";
import type { CollectionRecord } from "../core/state.ts";
import { bodyChanges, parseBody, ROLE_VALUES } from "../core/validate.ts";
import { parsePosition } from "../tree/position.ts";
import { renderCollection } from "./render.ts";
import {
  type CollectionChanges,
  collectionsInOrder,
  createCollection,
  deleteCollection,
  moveCollection,
  spacesOfCollection,
  transferCollection,
} from "./store.ts";

/** Title of a collection created without one. */
const UNTITLED = "Untitled";

function readable(ctx: RequestContext): CollectionRecord {
  const id = param(ctx, "collectionId");
  const collection = ctx.state.collections.get(id);
  if (!collection) throw notFound("collection", id);
  assertMemberOf(ctx, collection.organizationId, "collection", id);
  return collection;
}

function administrable(ctx: RequestContext): CollectionRecord {
  const collection = readable(ctx);
  administrableOrganization(ctx, collection.organizationId);
  return collection;
}

function get(ctx: RequestContext) {
  return ok(renderCollection(ctx, readable(ctx)));
}

function update(ctx: RequestContext) {
  const collection = administrable(ctx);
  const body = parseBody(ctx.body, {
    title: { type: "string", min: 1, max: 50 },
    description: { type: "string", max: 100, nullable: true },
    defaultLevel: { type: "enum", values: ROLE_VALUES },
  });
  Object.assign(collection, bodyChanges(body) as CollectionChanges);
  return ok(renderCollection(ctx, collection));
}

function remove(ctx: RequestContext) {
  deleteCollection(ctx.state, administrable(ctx));
  return noContent();
}

function spaces(ctx: RequestContext) {
  const collection = readable(ctx);
  return ok(
    paginate(ctx.query, spacesOfCollection(ctx.state, collection), (space) =>
      renderSpace(ctx.state, space, ctx.user.id),
    ),
  );
}

function move(ctx: RequestContext) {
  const collection = administrable(ctx);
  const body = parseBody(
    ctx.body,
    { parent: { type: "string", min: 1, nullable: true }, position: { type: "any" } },
    { optionalBody: true },
  );
  moveCollection(
    ctx.state,
    collection,
    body.parent as string | null | undefined,
    parsePosition(body.position),
  );
  return ok(renderCollection(ctx, collection));
}

function transfer(ctx: RequestContext) {
  const collection = administrable(ctx);
  const body = parseBody(ctx.body, { organization: { type: "string", min: 1, required: true } });
  transferCollection(ctx.state, collection, administrableOrganization(ctx, body.organization as string));
  return ok(renderCollection(ctx, collection));
}

function list(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const collections = collectionsInOrder(ctx.state, organization.id, booleanQuery(ctx.query, "nested", true));
  return ok(paginate(ctx.query, collections, (collection) => renderCollection(ctx, collection)));
}

function create(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const body = parseBody(
    ctx.body,
    { title: { type: "string", min: 1, max: 50 }, parent: { type: "string", min: 1 } },
    { optionalBody: true },
  );
  const collection = createCollection(ctx.state, organization, {
    title: (body.title as string | undefined) ?? UNTITLED,
    parentId: body.parent as string | undefined,
  });
  return created(renderCollection(ctx, collection));
}

export const collectionRoutes: Route[] = [
  { method: "GET", path: "/collections/:collectionId", handler: get },
  { method: "PATCH", path: "/collections/:collectionId", handler: update },
  { method: "DELETE", path: "/collections/:collectionId", handler: remove },
  { method: "GET", path: "/collections/:collectionId/spaces", handler: spaces },
  { method: "POST", path: "/collections/:collectionId/move", handler: move },
  { method: "POST", path: "/collections/:collectionId/transfer", handler: transfer },
  { method: "GET", path: "/orgs/:organizationId/collections", handler: list },
  { method: "POST", path: "/orgs/:organizationId/collections", handler: create },
];
