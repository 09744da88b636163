/**
 * What the browser, the server and the shared declarations need to know of the site's addresses
 * (the route table itself is src/app/routes.ts): the information pages of SPEC.md section 2, the
 * first path segments a city slug may not take, and the admin area's rule.
 */
export const INFO_PAGES = [
  "about_company", "buy", "contacts", "cookiepolicy", "corporate", "doc_needs", "docs", "faq",
  "gas-solutions", "office", "partners", "po_suz_uc", "posts", "price", "reestr", "reglament", "services_ib",
] as const

/**
 * First path segments a city slug may not take, because a region page `/{slug}` would hide them: the
 * pages of the site (the route table's first segments: a unit test keeps them here), the admin area
 * and the server's own paths.
 */
export const RESERVED_SLUGS: readonly string[] = [
  ...INFO_PAGES, "feedback", "faq", "partners", "platforms", "posts", "tariffs", "mydss", "payment_result", "payment_gateway", "certificate",
  "account", "orders", "users", "admin_users", "crm",
  "api", "assets", "uploads", "server", "favicon.ico", "favicon.svg", "robots.txt",
  "search", "sitemap.xml", "cdp", "svs", "workplace_check", "epoa", "uc_repository", "ca",
]

/**
 * The site's pages without parameters that /sitemap.xml lists (the server does not load the route
 * table): every such route of src/app/routes.ts is here or in SITEMAP_EXCLUDED (a unit test keeps them
 * in step). Published CRM pages, news, FAQ articles and region pages are added from the database.
 */
export const SITEMAP_PATHS: readonly string[] = ["/", ...INFO_PAGES.map((page) => `/${page}`), "/feedback", "/platforms", "/svs", "/workplace_check", "/epoa", "/epoa/principal", "/epoa/representative", "/epoa/model", "/epoa/revoked", "/uc_repository"]
/** Not for search engines: the search's result pages and the certificate binding step of a signed-in flow. */
export const SITEMAP_EXCLUDED: readonly string[] = ["/search", "/certificate/binding"]

/** A path containing /crm or /admin_users belongs to the admin area (SPEC.md section 2). */
export const isAdminPath = (path: string) => /\/(crm|admin_users)(\/|$)/.test(path)

/**
 * A path of this site to go to after a sign-in (`?redirectTo=`), or null. Only what the browser's URL
 * parser resolves to this same origin: no `//host` or `/\host` (a browser reads `\` as `/`), no tab,
 * newline or other control or space character anywhere (the parser drops some, which can make `//`
 * out of `/\t/`), no scheme. Answers the path as the parser normalised it (`/./x` is `/x`).
 */
export function sameOriginPath(to: string | null | undefined): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return null
  if (/[\\\s\p{Cc}\p{Cf}]/u.test(to)) return null
  const origin = "http://same-origin.invalid"
  let url: URL
  try {
    url = new URL(to, origin)
  } catch {
    return null
  }
  // `/.//host` resolves to the path `//host`, which a later reader of the address could take for a host.
  if (url.origin !== origin || url.pathname.startsWith("//")) return null
  return url.pathname + url.search + url.hash
}
