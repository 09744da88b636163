import { messages } from "../../schemas/messages/common.ts"
import type { RouteAccess, UserType } from "./route-types.ts"

/**
 * Route guards of SPEC.md section 2 (`authorization`, `prefetch_data`, `city`, `role_check`,
 * `uc_order`) as a pipeline of pure functions: each looks at the route and who is visiting and
 * answers pass, redirect, or an error page. The pipeline stops at the first answer that is not pass.
 * An unknown guard name is a 500 (SPEC.md section 8).
 */
export type GuardName = "authorization" | "prefetch_data" | "city" | "role_check" | "uc_order"

/** The order a route gets when it lists no guards of its own; role_check runs only when listed. */
export const DEFAULT_GUARDS: readonly GuardName[] = ["authorization", "prefetch_data", "city", "uc_order"]

export type { UserType }

/** A route as the guards see it: its name and access (src/app/route-types.ts). */
export interface GuardRoute extends RouteAccess {
  /** Route name, e.g. `account-legal_person-id`. */
  readonly name: string
}

export interface Visitor {
  /** 'restoring' while the session checks a stored token: the decision waits. */
  readonly status: "anonymous" | "restoring" | "authenticated"
  /** The area the token was issued for. */
  readonly tokenContext: "site" | "admin" | null
  /** The session level: director after a director sign-in or a level-up. */
  readonly level: UserType
  /** The account's type from the user fields: 'director' when the user directs a legal person. */
  readonly userType: UserType | null
  readonly roles: readonly string[]
}

export interface GuardInput {
  readonly route: GuardRoute
  /** The area of the route: CRM pages are 'admin', everything else 'site'. */
  readonly area: "site" | "admin"
  /** Path with query, the return path of a sign-in redirect. */
  readonly returnTo: string
  readonly visitor: Visitor
  /** Whether the visitor's browser holds an order draft (the `order_draft` cookie; uc_order). */
  readonly orderDraft?: boolean
}

export type GuardOutcome =
  | { readonly kind: "pass"; readonly notice?: string }
  | { readonly kind: "wait" }
  | { readonly kind: "redirect"; readonly to: string; readonly notice?: string }
  | { readonly kind: "error"; readonly status: 403 | 500; readonly message?: string }

export type Guard = (input: GuardInput) => GuardOutcome

export const USER_SIGN_IN = "/users/sign_in"
export const DIRECTOR_SIGN_IN = "/users/director/sign_in"
export const ADMIN_SIGN_IN = "/admin_users/sign_in"

export const NOT_FOR_ADMIN = messages.access.notForAdmin
export const NOT_FOR_USER = messages.access.notForUser

export const signInPath = (base: string, returnTo: string) => `${base}?redirectTo=${encodeURIComponent(returnTo)}`

const pass: GuardOutcome = { kind: "pass" }

/**
 * The context rules and the three redirect rules of SPEC.md section 6.
 * - A token of the other area is no session here (its API refuses it); on a route the admin context
 *   may not use, an admin token is also told so ('Роут не предусмотрен для администратора.'), and a site
 *   token on a CRM page 'Роут не предусмотрен для пользователя.'. Either way the page then serves the
 *   visitor as anonymous (changing context logs the other area's session out).
 * - A route with user_type: an anonymous visitor goes to the route's sign-in with a return path (the
 *   director sign-in for a director route); a signed-in director at level 1 goes to the director sign-in
 *   (raising the level); a signed-in ordinary user, who directs nothing, gets 403.
 */
export const authorization: Guard = ({ route, area, returnTo, visitor }) => {
  const types = route.user_type
  const needsSession = route.admin === true || (types !== undefined && types.length > 0)
  // Only a decision that depends on the session waits for it: a public page renders at once.
  if (visitor.status === "restoring" && (needsSession || route.notForAdmin)) return { kind: "wait" }
  const foreign = visitor.status === "authenticated" && visitor.tokenContext !== area
  let notice: string | undefined
  if (foreign && area === "site" && visitor.tokenContext === "admin" && route.notForAdmin) notice = NOT_FOR_ADMIN
  if (foreign && area === "admin" && visitor.tokenContext === "site") notice = NOT_FOR_USER
  if (!needsSession) return notice ? { kind: "pass", notice } : pass
  const signedIn = visitor.status === "authenticated" && !foreign
  // The CRM: an administrator's session, or the admin sign-in with the way back.
  if (route.admin) return signedIn ? pass : { kind: "redirect", to: signInPath(ADMIN_SIGN_IN, returnTo), ...(notice ? { notice } : {}) }
  const wantsDirector = !types!.includes("user")
  if (!signedIn) return { kind: "redirect", to: signInPath(wantsDirector ? DIRECTOR_SIGN_IN : USER_SIGN_IN, returnTo) }
  if (types!.includes(visitor.level)) return pass
  if (wantsDirector && visitor.userType === "director") return { kind: "redirect", to: signInPath(DIRECTOR_SIGN_IN, returnTo) }
  return { kind: "error", status: 403 }
}

/** A signed-in visitor lacking every role the route lists gets 403. */
export const role_check: Guard = ({ route, visitor }) => {
  const roles = route.user_role
  if (!roles || roles.length === 0) return pass
  return visitor.roles.some((r) => roles.includes(r)) ? pass : { kind: "error", status: 403 }
}

/**
 * The route's loader runs where this guard stands (src/app/RoutePage.tsx in the browser, the server
 * for the site's pages): a route without `prefetch_data` in its guards renders without its data. The
 * decision itself always passes; `routeLoads` tells whether a route's guards load its data.
 */
export const prefetch_data: Guard = () => pass

/**
 * The region page's city becomes the current city, and the index clears it (`route.city`); the
 * decision itself always passes, the work is done where the page renders (`routeSetsCity`).
 */
export const city: Guard = () => pass

/** Where /orders/new sends a visitor who has chosen nothing to order. */
export const PRICE_PATH = "/price"

/**
 * The order wizard needs something to order: /orders/new with neither a tariff nor an extra in the
 * address (`?tariff=`, `?options=`, the tariff page's link) and no draft cookie goes to /price
 * (docs/orders.md). Other routes pass.
 */
export const uc_order: Guard = ({ route, returnTo, orderDraft }) => {
  if (route.name !== "orders-new") return pass
  const query = new URLSearchParams(returnTo.includes("?") ? returnTo.slice(returnTo.indexOf("?") + 1) : "")
  if (query.get("tariff")?.trim() || query.get("options")?.trim() || orderDraft) return pass
  return { kind: "redirect", to: PRICE_PATH }
}

export const GUARDS: Readonly<Record<GuardName, Guard>> = { authorization, prefetch_data, city, role_check, uc_order }

const guardsOf = (route: RouteAccess) => route.guards ?? DEFAULT_GUARDS

/** Whether the route's guards include `prefetch_data`: its loader runs before the page renders. */
export const routeLoads = (route: RouteAccess) => guardsOf(route).includes("prefetch_data")

/** Whether the route's guards include `city`: its city rule (`route.city`) applies. */
export const routeSetsCity = (route: RouteAccess) => guardsOf(route).includes("city")

/** Runs the route's guards in order; the first non-pass answer wins; notices of passing guards are kept. */
export function runGuards(input: GuardInput, registry: Readonly<Record<string, Guard>> = GUARDS): GuardOutcome {
  let notice: string | undefined
  for (const name of guardsOf(input.route)) {
    const guard = Object.hasOwn(registry, name) ? registry[name] : undefined
    if (!guard) return { kind: "error", status: 500 }
    const outcome = guard(input)
    if (outcome.kind !== "pass") return outcome
    notice ??= outcome.notice
  }
  return notice ? { kind: "pass", notice } : pass
}
