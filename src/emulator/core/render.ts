// API shapes of the core records that other families embed (a site space embeds its Space,
// a member embeds its User). Timestamps are ISO 8601 strings.

import { changeRequestCounts } from "../change-requests/store.ts";
import { openCommentCount } from "../comments/store.ts";
import { atLeast, effectiveRole } from "./space-roles.ts";
import type { EmulatorState, SpaceRecord, UserRecord } from "./state.ts";

export const iso = (date: Date): string => date.toISOString();

/** The emulator's app and published hosts: never real domains. */
export const appUrl = (path: string): string => `https://app.docs.example/${path}`;
export function publishedHost(state: EmulatorState, organizationId: string): string {
  const hostname = state.organizations.get(organizationId)?.hostname ?? organizationId.replace(/_/g, "-");
  return `https://${hostname}.docs.example`;
}

export function renderUser(state: EmulatorState, user: UserRecord) {
  return {
    object: "user",
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    photoURL: user.photoURL,
    urls: { location: `${state.baseUrl}/v1/users/${user.id}` },
  };
}

export function renderSpace(state: EmulatorState, space: SpaceRecord, viewerId: string) {
  // Changing the space itself is the organization admins' (as its routes require); working on
  // its content follows the viewer's effective role, grants on the space included.
  const admin = state.organizations.get(space.organizationId)?.members.get(viewerId)?.role === "admin";
  const role = effectiveRole(state, space, viewerId);
  const canEdit = atLeast(role, "edit");
  const published = `${publishedHost(state, space.organizationId)}/${space.id}`;
  return {
    object: "space",
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: iso(space.createdAt),
    updatedAt: iso(space.updatedAt),
    ...(space.deletedAt ? { deletedAt: iso(space.deletedAt) } : {}),
    editMode: space.editMode,
    urls: {
      location: `${state.baseUrl}/v1/spaces/${space.id}`,
      app: appUrl(`s/${space.id}`),
      published,
      public: published,
      icon: appUrl(`s/${space.id}/icon.png`),
    },
    organization: space.organizationId,
    ...(space.parentId ? { parent: space.parentId } : {}),
    revision: space.revision,
    defaultLevel: space.defaultLevel,
    comments: openCommentCount(state, space.id),
    ...changeRequestCounts(state, space.id),
    // The emulator has no merge rules: a space follows its organization's, which has none.
    mergeRules: { type: "inherit" },
    permissions: {
      view: true,
      access: true,
      admin,
      viewInviteLinks: admin,
      edit: canEdit,
      triggerGitSync: admin,
      comment: atLeast(role, "comment"),
      merge: canEdit,
      review: canEdit,
      installIntegration: admin,
    },
  };
}
