// A site's proxy, in the two forms the configuration accepts: the service's own, a host and path
// without a scheme (`acme.com/docs`), and the same with `https://` (or `http://`) in front, the
// spec's example. docsync always sends the service's form, and compares in it, so that a live
// proxy shown with or without a scheme plans to no change.

/**
 * What the configuration accepts (schemas/fragments/site.json has the same pattern): an optional
 * scheme, then the service's form, `^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$`, at most 512
 * characters.
 */
export const PROXY_PATTERN = "^(https?://)?(?=.{1,512}$)([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(/[\\w-]+)+$";

const configurable = new RegExp(PROXY_PATTERN, "u");

/** Whether the configuration accepts `value` as a proxy (export writes only such values). */
export const isConfigurableProxy = (value: string): boolean => configurable.test(value);

/** The service's form of a proxy: without its scheme. Other values are kept as they are. */
export const proxyForService = (value: string): string => value.replace(/^https?:\/\//i, "");

/** A configured or live proxy in the service's form; null and absence stay as they are. */
export function comparableProxy(value: string | null | undefined): string | null | undefined {
  return typeof value === "string" ? proxyForService(value) : value;
}
