// The links a page's markdown holds, as the link listings report them (spec 2.22): `[text](target)`
// where the target is a URL outside the app (`ok`), a URL into the app (`in-app`), or a path of
// the revision: `ok` when a page has that path, `broken` when none has.

export interface PageLink {
  target: string;
  status: "ok" | "broken" | "in-app";
  /** The page the target names, for a path that resolves. */
  pageId?: string;
}

// Images (`![alt](src)`) are not links.
const LINK = /(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g;
const APP = "https://app.docs.example/";

/** `paths` maps a page path (no leading `/`) to its page id. */
export function pageLinks(markdown: string, paths: ReadonlyMap<string, string>): PageLink[] {
  const links: PageLink[] = [];
  for (const match of markdown.matchAll(LINK)) {
    const target = match[1] as string;
    if (target.startsWith(APP)) links.push({ target, status: "in-app" });
    else if (/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ target, status: "ok" });
    else {
      const path = target
        .replace(/^(\.\/|\/)+/, "")
        .replace(/[#?].*$/, "")
        .replace(/\/$/, "");
      const pageId = paths.get(path);
      links.push(pageId ? { target, status: "ok", pageId } : { target, status: "broken" });
    }
  }
  return links;
}
