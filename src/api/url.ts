// Turns the configured service address into the `{base}/v1` root every path hangs from, and refuses
// to send the bearer token in clear text anywhere but this machine.

import { DocsyncError } from "../errors.ts";

/** The API root, always ending in `/v1` (no trailing slash), and the origin the connection pool uses. */
export interface ApiRoot {
  origin: string;
  /** Path prefix on the origin, e.g. `/v1` or `/docs-api/v1`. */
  prefix: string;
}

export function resolveApiRoot(baseUrl: string): ApiRoot {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new DocsyncError(
      "api.invalid-url",
      `The API base URL "${baseUrl}" is not a valid URL; expected something like https://api.example.com.`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new DocsyncError(
      "api.invalid-url",
      `The API base URL "${url.origin}" uses ${url.protocol.replace(/:$/, "")}; only https (or http on this machine) is supported.`,
    );
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    // The token travels in every request's Authorization header: plain HTTP would expose it.
    throw new DocsyncError(
      "api.insecure-url",
      `The API base URL ${url.origin} uses http; https is required so that the API token is not sent in clear text (http is accepted only for localhost, 127.0.0.0/8 and [::1]).`,
    );
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw new DocsyncError(
      "api.invalid-url",
      `The API base URL ${url.origin}${url.pathname} must not carry credentials, a query or a fragment.`,
    );
  }
  // Accept `https://host`, `https://host/`, `https://host/v1` and `https://host/v1/` alike.
  let path = url.pathname.replace(/\/+$/, "");
  if (!path.endsWith("/v1")) path = `${path}/v1`;
  return { origin: url.origin, prefix: path };
}

/** The API root as one string (`https://api.example.com/v1`), the same however the URL was written. */
export function normalizeApiUrl(baseUrl: string): string {
  const { origin, prefix } = resolveApiRoot(baseUrl);
  return `${origin}${prefix}`;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "[::1]" || host === "::1") return true;
  const octets = host.split(".");
  return (
    octets.length === 4 &&
    octets[0] === "127" &&
    octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255)
  );
}

/** The path for messages (no query) and the request target with the API prefix and the query. */
export function buildTarget(
  prefix: string,
  rawPath: string,
  query?: Record<string, string | number | boolean | undefined>,
): { path: string; target: string } {
  const [pathPart = "", queryPart] = rawPath.split("?", 2);
  const path = pathPart.startsWith("/") ? pathPart : `/${pathPart}`;
  const params = new URLSearchParams(queryPart);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return { path, target: `${prefix}${path}${search === "" ? "" : `?${search}`}` };
}
