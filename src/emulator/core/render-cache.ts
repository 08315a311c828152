// The rendered JSON of list items (site spaces, sections, groups, redirects), kept between
// requests so that reading a large site again costs a lookup, not a render.
//
// Invalidation is deliberately coarse: the pipeline empties the cache around every write, and
// the state empties it whenever time removes something (deleted spaces past their restore
// window). An item embeds records of other families (a site space its whole space, whose
// permissions follow grants, teams and memberships; its URL follows the site, the section and
// the organization's hostname), so tracking which write touches which item would be a second
// copy of every rule; between two writes nothing changes, and reads between writes are what
// the cache is for.

import type { JsonText } from "./json-text.ts";

export class RenderCache {
  /** Items rendered rather than served from the cache, since the start: tests read it. */
  renders = 0;
  /** By record object, then by key (the viewer, for items whose permissions depend on it). */
  private entries = new WeakMap<object, Map<string, JsonText>>();
  /** The item being rendered embeds one that follows the clock, so it may not be kept either. */
  private volatile = false;

  /** Forgets every rendered item: the state may have changed. */
  clear(): void {
    this.entries = new WeakMap();
  }

  /** The cached JSON of `record` for `key`, rendered by `render` when there is none. */
  get(record: object, key: string, render: () => JsonText): JsonText {
    let byKey = this.entries.get(record);
    const cached = byKey?.get(key);
    if (cached) return cached;
    // Rendering is synchronous: an embedded item marks the flag while this one renders.
    const outer = this.volatile;
    this.volatile = false;
    this.renders++;
    const rendered = render();
    const keep = !this.volatile;
    this.volatile ||= outer;
    if (keep) {
      if (!byKey) {
        byKey = new Map();
        this.entries.set(record, byKey);
      }
      byKey.set(key, rendered);
    }
    return rendered;
  }

  /**
   * Renders an item that follows the clock (a space removed for good): never kept, and neither
   * is any item that embeds it.
   */
  volatileItem(render: () => JsonText): JsonText {
    this.renders++;
    const rendered = render();
    this.volatile = true;
    return rendered;
  }
}
