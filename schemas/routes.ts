/**
 * The public route table of SPEC.md section 2 as patterns: the browser router maps them to pages and
 * the server uses them to answer 404 for paths that are no page (and no city slug).
 */
export const INFO_PAGES = [
  "about_company", "buy", "contacts", "cookiepolicy", "corporate", "doc_needs", "docs", "faq", "feedback",
  "gas-solutions", "office", "partners", "po_suz_uc", "posts", "price", "reestr", "services_ib",
] as const

export const ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  new RegExp(`^/(${INFO_PAGES.join("|")})$`),
  /^\/faq\/articles\/[^/]+$/,
  /^\/partners\/[^/]+\/new$/,
  /^\/platforms(\/[^/]+)?$/,
  /^\/posts\/[^/]+$/,
  /^\/tariffs\/[^/]+$/,
  /^\/mydss\/profile\/[^/]+$/,
  /^\/payment_result\/(success|failure)\/[^/]+$/,
  /^\/[a-z0-9_-]+_clients\/docs$/,
  /^\/certificate\/binding$/,
  /^\/account(\/.*)?$/,
  /^\/orders\/new$/,
  /^\/orders(\/[^/]+)?\/edit$/,
  /^\/users\/(sign_in|director\/sign_in|confirmation|password\/edit)$/,
  /^\/admin_users\/sign_in$/,
  /^\/crm(\/.*)?$/,
]

/** First path segments a city slug may not take: they belong to pages of the site. */
export const RESERVED_SLUGS: readonly string[] = [
  ...INFO_PAGES, "api", "assets", "account", "orders", "users", "admin_users", "crm", "platforms", "tariffs",
  "mydss", "payment_result", "certificate", "favicon.ico", "robots.txt",
]

/** A path containing /crm or /admin_users belongs to the admin area (SPEC.md section 2). */
export const isAdminPath = (path: string) => /\/(crm|admin_users)(\/|$)/.test(path)

export const isKnownRoute = (path: string) => ROUTE_PATTERNS.some((p) => p.test(path))

/** `/moskva` → `moskva`: a single segment that is not a page of its own may be a region slug. */
export const regionSlugOf = (path: string) => {
  const m = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(path)
  return m && !RESERVED_SLUGS.includes(m[1]!) ? m[1]! : null
}
