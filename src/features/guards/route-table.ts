import type { RouteAccess, UserType } from "./guards.ts"

/**
 * The guarded routes of the site (SPEC.md section 2: account, orders, authentication) with their
 * access metadata. The site maps each name to its page; the guards decide whether it is shown.
 */
export interface SiteRoute {
  readonly pattern: RegExp
  readonly access: RouteAccess
}

const USERS: readonly UserType[] = ["user", "director"]
const DIRECTORS: readonly UserType[] = ["director"]

export const SITE_ROUTES: readonly SiteRoute[] = [
  { pattern: /^\/account$/, access: { name: "account", user_type: USERS } },
  { pattern: /^\/account\/legal_person$/, access: { name: "account-legal_person", user_type: DIRECTORS } },
  { pattern: /^\/account\/legal_person\/(?<id>[^/]+)$/, access: { name: "account-legal_person-id", user_type: DIRECTORS } },
  { pattern: /^\/account\/representative$/, access: { name: "account-representative", user_type: USERS } },
  { pattern: /^\/account\/representative\/new$/, access: { name: "account-representative-new", user_type: USERS } },
  { pattern: /^\/account\/representative\/(?<id>[^/]+)$/, access: { name: "account-representative-id", user_type: USERS } },
  { pattern: /^\/account\/representative\/(?<id>[^/]+)\/edit$/, access: { name: "account-representative-id-edit", user_type: USERS } },
  { pattern: /^\/orders\/new$/, access: { name: "orders-new", user_type: USERS } },
  { pattern: /^\/orders(?:\/(?<order_id>[^/]+))?\/edit$/, access: { name: "orders-order_id-edit", user_type: USERS } },
  { pattern: /^\/users\/password\/edit$/, access: { name: "users-password-edit", notForAdmin: true } },
  { pattern: /^\/users\/confirmation$/, access: { name: "users-confirmation", notForAdmin: true } },
]

export interface MatchedRoute {
  readonly access: RouteAccess
  readonly params: Readonly<Record<string, string>>
}

/** The guarded route a path opens, with its parameters, or null. */
export function matchSiteRoute(path: string, routes: readonly SiteRoute[] = SITE_ROUTES): MatchedRoute | null {
  for (const route of routes) {
    const m = route.pattern.exec(path)
    if (m) {
      const params: Record<string, string> = {}
      for (const [k, v] of Object.entries(m.groups ?? {})) if (v !== undefined) params[k] = decodeURIComponent(v)
      return { access: route.access, params }
    }
  }
  return null
}
