// The emulator's state: plain records in maps, owned by one EmulatorState per running
// emulator. Resource families keep their records here; rendering to API shapes is done by
// each family's render module, never by the store.

import { IdGenerator } from "./ids.ts";
import { RenderCache } from "./render-cache.ts";
import type { ROLE_VALUES } from "./validate.ts";

export type Role = (typeof ROLE_VALUES)[number];

export interface UserRecord {
  id: string;
  displayName: string;
  email: string;
  photoURL: string;
}

export interface MemberRecord {
  userId: string;
  /** null: guest. */
  role: Role | null;
  disabled: boolean;
  sso: boolean;
  joinedAt: Date;
  lastSeenAt: Date;
}

export interface OrganizationRecord {
  id: string;
  title: string;
  createdAt: Date;
  emailDomains: string[];
  hostname?: string;
  type: string;
  useCase?: string;
  communityType?: string;
  defaultRole: Role | null;
  defaultContent?: Record<string, unknown>;
  logo?: string;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  plan: string;
  /** Members by user id, in joining order. */
  members: Map<string, MemberRecord>;
}

export interface CollectionRecord {
  id: string;
  organizationId: string;
  title: string;
  description?: string;
  parentId?: string;
  defaultLevel: Role;
}

export interface SpaceRecord {
  id: string;
  organizationId: string;
  title: string;
  emoji: string;
  visibility: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt?: Date;
  editMode: "live" | "locked";
  parentId?: string;
  defaultLevel: Role;
  revision: string;
}

/** A deleted space stays restorable for 7 days, then it is permanently removed (spec 3.1 and 8). */
export const SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export class EmulatorState {
  readonly ids = new IdGenerator();
  /** Base URL the server answers on, for `urls` fields; set when the server listens. */
  baseUrl = "http://127.0.0.1";
  /** Added to the real clock: lets tests move time forward (e.g. past the 7-day restore window). */
  clockOffsetMs = 0;

  readonly users = new Map<string, UserRecord>();
  /** API token → user id. */
  readonly tokens = new Map<string, string>();
  readonly organizations = new Map<string, OrganizationRecord>();
  readonly collections = new Map<string, CollectionRecord>();
  /** Spaces in creation order; the order of a collection's or organization's space listing. */
  readonly spaces = new Map<string, SpaceRecord>();
  /**
   * Per-family state that the core does not know about, keyed by the family's name
   * (for example the sites family keeps its sites, sections and redirects here).
   */
  readonly families = new Map<string, unknown>();
  /** Rendered list items; emptied by every write (see render-cache.ts). */
  readonly renderCache = new RenderCache();

  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  /**
   * Removes the deleted spaces whose restore window has passed. The server calls it before each
   * request, so that the moment the window closes every route agrees the space is gone.
   */
  purgeExpiredSpaces(): void {
    const cutoff = this.now().getTime() - SPACE_RETENTION_MS;
    for (const [id, space] of this.spaces) {
      if (space.deletedAt && space.deletedAt.getTime() <= cutoff) {
        this.spaces.delete(id);
        // Site spaces of a space removed for good show it otherwise (see sites/render.ts).
        this.renderCache.clear();
      }
    }
  }

  /** The state of one resource family, created on first use. */
  family<T>(name: string, create: () => T): T {
    let value = this.families.get(name) as T | undefined;
    if (value === undefined) {
      value = create();
      this.families.set(name, value);
    }
    return value;
  }
}
