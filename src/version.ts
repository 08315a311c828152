// docsync's version: the one in package.json, which the build inlines and a clone reads as is.

import manifest from "../package.json" with { type: "json" };

export const VERSION: string = manifest.version;

/** Sent with every API request, so that the service can tell docsync's versions apart. */
export const USER_AGENT = `docsync/${VERSION} (node ${process.version})`;
