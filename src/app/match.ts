import { parse } from "regexparam"
import type { AppRoute, Params } from "./route-types.ts"
import { ROUTES } from "./routes.ts"

export interface RouteMatch {
  readonly route: AppRoute
  readonly params: Params
}

const compiled = new WeakMap<AppRoute, { pattern: RegExp; keys: readonly string[] | false }>()

function compile(route: AppRoute) {
  let c = compiled.get(route)
  if (!c) {
    c = typeof route.path === "string" ? parse(route.path) : { pattern: route.path, keys: false as const }
    compiled.set(route, c)
  }
  return c
}

/** `/buy/` → `/buy`; the index stays `/`. */
export const normalizePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path)

/**
 * The route a path opens, with its parameters (decoded), or null: first match wins. The same
 * patterns as the browser's router (wouter parses them with regexparam too).
 */
export function matchRoute(rawPath: string, routes: readonly AppRoute[] = ROUTES): RouteMatch | null {
  const path = normalizePath(rawPath)
  for (const route of routes) {
    const { pattern, keys } = compile(route)
    const m = pattern.exec(path)
    if (!m) continue
    const params: Record<string, string> = {}
    const pairs = keys === false ? Object.entries(m.groups ?? {}) : keys.map((k, i) => [k, m[i + 1]] as const)
    try {
      for (const [k, v] of pairs) if (v !== undefined) params[k] = decodeURIComponent(v)
    } catch {
      return null // a malformed %-escape names no page
    }
    return { route, params }
  }
  return null
}

export { isAdminPath } from "../../schemas/routes.ts"
