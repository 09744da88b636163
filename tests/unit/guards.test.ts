import { describe, expect, test } from "vitest"
import {
  DEFAULT_GUARDS,
  type GuardInput,
  GUARDS,
  NOT_FOR_ADMIN,
  NOT_FOR_USER,
  type GuardRoute as RouteAccess,
  runGuards,
  type Visitor,
} from "../../src/app/guards.ts"
import { matchRoute } from "../../src/app/match.ts"
import { ROUTES } from "../../src/app/routes.ts"
import { accountQuery } from "../../src/features/account/query.ts"

const anonymous: Visitor = { status: "anonymous", tokenContext: null, level: "user", userType: null, roles: [] }
const user: Visitor = { status: "authenticated", tokenContext: "site", level: "user", userType: "user", roles: [] }
const director1: Visitor = { ...user, userType: "director" }
const director2: Visitor = { ...user, userType: "director", level: "director" }
const admin: Visitor = { status: "authenticated", tokenContext: "admin", level: "user", userType: null, roles: [] }

const DIRECTOR_ROUTE: RouteAccess = { name: "account-legal_person", user_type: ["director"] }
const USER_ROUTE: RouteAccess = { name: "account", user_type: ["user", "director"] }
const run = (route: RouteAccess, visitor: Visitor, extra: Partial<GuardInput> = {}) =>
  runGuards({ route, visitor, area: "site", returnTo: "/account/legal_person?x=1", ...extra })

describe("route guards", () => {
  test("the default order is authorization, prefetch_data, city, uc_order; role_check only when listed", () => {
    expect(DEFAULT_GUARDS).toEqual(["authorization", "prefetch_data", "city", "uc_order"])
    const calls: string[] = []
    const spy = Object.fromEntries(Object.keys(GUARDS).map((n) => [n, () => (calls.push(n), { kind: "pass" as const })]))
    runGuards({ route: USER_ROUTE, visitor: user, area: "site", returnTo: "/" }, spy)
    expect(calls).toEqual(["authorization", "prefetch_data", "city", "uc_order"])
    calls.length = 0
    runGuards({ route: { ...USER_ROUTE, guards: ["role_check", "authorization"] }, visitor: user, area: "site", returnTo: "/" }, spy)
    expect(calls).toEqual(["role_check", "authorization"])
  })

  test("an unknown guard gives the 500 page, and stops the pipeline", () => {
    expect(run({ name: "x", guards: ["authorization", "teleport"] }, user)).toEqual({ kind: "error", status: 500 })
    expect(run({ name: "x", guards: ["toString"] }, user)).toEqual({ kind: "error", status: 500 })
  })

  test("an anonymous visitor goes to the route's sign-in with a return path", () => {
    expect(run(USER_ROUTE, anonymous, { returnTo: "/account?page=2" })).toEqual({ kind: "redirect", to: "/users/sign_in?redirectTo=%2Faccount%3Fpage%3D2" })
    expect(run(DIRECTOR_ROUTE, anonymous)).toEqual({ kind: "redirect", to: "/users/director/sign_in?redirectTo=%2Faccount%2Flegal_person%3Fx%3D1" })
  })

  test("a signed-in director at level 1 goes to the director sign-in; an ordinary user gets 403", () => {
    expect(run(DIRECTOR_ROUTE, director1)).toEqual({ kind: "redirect", to: "/users/director/sign_in?redirectTo=%2Faccount%2Flegal_person%3Fx%3D1" })
    expect(run(DIRECTOR_ROUTE, user)).toEqual({ kind: "error", status: 403 })
    expect(run(DIRECTOR_ROUTE, director2)).toEqual({ kind: "pass" })
    expect(run(USER_ROUTE, user)).toEqual({ kind: "pass" })
    expect(run(USER_ROUTE, director2)).toEqual({ kind: "pass" })
  })

  test("while the session restores a token the decision waits", () => {
    expect(run(USER_ROUTE, { ...anonymous, status: "restoring" })).toEqual({ kind: "wait" })
  })

  test("role_check: a visitor lacking every listed role gets 403", () => {
    const route: RouteAccess = { name: "x", user_type: ["user"], user_role: ["accountant"], guards: ["authorization", "role_check"] }
    expect(run(route, user)).toEqual({ kind: "error", status: 403 })
    expect(run(route, { ...user, roles: ["accountant"] })).toEqual({ kind: "pass" })
  })

  test("context rules: an admin token on a route not for admins, a site token on a CRM page", () => {
    const reset: RouteAccess = { name: "users-password-edit", notForAdmin: true }
    expect(run(reset, admin)).toEqual({ kind: "pass", notice: NOT_FOR_ADMIN })
    expect(run(reset, user)).toEqual({ kind: "pass" })
    expect(run({ name: "crm" }, user, { area: "admin" })).toEqual({ kind: "pass", notice: NOT_FOR_USER })
    // The other area's token is no session here: the account asks to sign in.
    expect(run(USER_ROUTE, admin, { returnTo: "/account" })).toEqual({ kind: "redirect", to: "/users/sign_in?redirectTo=%2Faccount" })
  })
})

describe("the route table", () => {
  const name = (path: string) => matchRoute(path)?.route.name
  test("names and parameters of SPEC.md section 2", () => {
    expect(name("/account/legal_person")).toBe("account-legal_person")
    expect(matchRoute("/account/legal_person/7")).toMatchObject({ route: { name: "account-legal_person-id" }, params: { id: "7" } })
    expect(matchRoute("/orders/edit")).toMatchObject({ route: { name: "orders-order_id-edit" }, params: {} })
    expect(matchRoute("/orders/15/edit")?.params).toEqual({ order_id: "15" })
    expect(name("/account/representative/3/edit")).toBe("account-representative-id-edit")
    expect(matchRoute("/users/password/edit")?.route.access?.notForAdmin).toBe(true)
    // A public page is no guarded route: it asks for no session.
    expect(matchRoute("/about_company")?.route.access?.user_type).toBeUndefined()
  })

  test("every account route is guarded; director routes need director level", () => {
    const routes = ROUTES.filter((r) => /^account/.test(r.name))
    expect(routes.length).toBeGreaterThan(6)
    for (const r of routes) expect(r.access?.user_type?.length, r.name).toBeGreaterThan(0)
    for (const r of routes.filter((x) => x.name.startsWith("account-legal_person"))) expect(r.access?.user_type).toEqual(["director"])
  })

  test("/account query defaults: page 1, state all", () => {
    expect(accountQuery("")).toEqual({ page: 1, state: "all" })
    expect(accountQuery("page=3&state=paid")).toEqual({ page: 3, state: "paid" })
    expect(accountQuery("page=-1&state=")).toEqual({ page: 1, state: "all" })
  })

  test("the order wizard is open to anonymous visitors up to the review (docs/orders.md)", () => {
    for (const path of ["/orders/new", "/orders/edit", "/orders/15/edit"]) {
      const route = matchRoute(path)!.route
      expect(route.access?.user_type, path).toBeUndefined()
    }
  })

  test("uc_order: /orders/new without a tariff, an extra or a draft cookie goes to /price", () => {
    const route: RouteAccess = { name: "orders-new" }
    const at = (returnTo: string, orderDraft = false) => GUARDS.uc_order({ route, visitor: anonymous, area: "site", returnTo, orderDraft })
    expect(at("/orders/new")).toEqual({ kind: "redirect", to: "/price" })
    expect(at("/orders/new?tariff=")).toEqual({ kind: "redirect", to: "/price" })
    expect(at("/orders/new?utm_source=x")).toEqual({ kind: "redirect", to: "/price" })
    expect(at("/orders/new?tariff=3&period=12")).toEqual({ kind: "pass" })
    expect(at("/orders/new?options=5,6")).toEqual({ kind: "pass" })
    expect(at("/orders/new", true)).toEqual({ kind: "pass" })
    // Other routes, the edit pages among them, are not its business.
    expect(GUARDS.uc_order({ route: { name: "orders-order_id-edit" }, visitor: anonymous, area: "site", returnTo: "/orders/edit" })).toEqual({ kind: "pass" })
  })
})
