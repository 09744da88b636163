import { renderToString } from "react-dom/server"
import { type CheckedSession, claimsOf } from "../../machines/session.machine.ts"
import { SESSION_COOKIE } from "../../schemas/constants.ts"
import { withRequestCookies, parseCookies } from "../api/cookies.ts"
import { fetchSessionUser } from "../features/session/index.ts"
import { loadStartup, NO_STARTUP_DATA } from "../features/shell/site-data.ts"
import { App } from "./App.tsx"
import { type BootData, serializeBoot } from "./boot.ts"
import { routeLoads } from "./guards.ts"
import { isAdminPath, matchRoute } from "./match.ts"
import { failureOf } from "./route-cache.ts"
import { importOnce } from "./import-once.ts"
import type { AppRoute, Loaded, PageComponent } from "./route-types.ts"
import { ServerRouteContext } from "./RouteView.tsx"

/**
 * Server rendering of the site's routes (built by `vite build --ssr` into DIST_DIR/server and called by
 * server/render.ts): the same route table, page and loader as the browser, with the startup data and
 * the visitor's cookies, so the browser hydrates exactly this HTML.
 */
export interface RenderRequest {
  readonly path: string
  /** The query string without `?`. */
  readonly search: string
  readonly cookie: string
  /** The site's public address (canonical links). */
  readonly origin: string
  /** GET of the site's own API in process; `token` adds it as the bearer. */
  readonly get: <T>(path: string, token?: string) => Promise<T>
}

export type RenderResult = (
  /** An account, order or CRM route: the browser renders it (the app's shell, status 200, with the startup data). */
  | { readonly kind: "shell"; readonly status: 200 | 404; readonly boot: string }
  /** Status 200, 404 for no route or no record, or the API's status when the page's data failed. */
  | { readonly kind: "page"; readonly status: number; readonly head: string; readonly body: string; readonly boot: string }
) & {
  /** The request's session cookie was refused: the answer removes it. */
  readonly sessionRefused?: boolean
}

/**
 * The session behind the cookie's token, as the API finds it (the token's area and level, its person);
 * null when the API refuses it. undefined without a token.
 */
async function sessionOf(token: string | undefined, get: RenderRequest["get"]): Promise<CheckedSession | null | undefined> {
  if (!token) return undefined
  const claims = claimsOf(token)
  if (!claims) return null
  const user = await fetchSessionUser(claims.ctx, (path) => get(path, token)).catch(() => null)
  return user ? { claims, user } : null
}

/** The session of the request's cookie, as a page's render finds it (undefined: no token; null: refused). */
export const visitorSession = (cookie: string, get: RenderRequest["get"]) => sessionOf(parseCookies(cookie).get(SESSION_COOKIE), get)

export { isSharedPage, personalize } from "./personal-page.tsx"

const crmRoutes = importOnce(() => import("./crm-routes.ts"))

/** Each route's page, imported once per process (./import-once.ts says why). */
const pages = new WeakMap<AppRoute, () => Promise<PageComponent>>()
function pageOf(route: AppRoute): Promise<PageComponent> {
  let load = pages.get(route)
  if (!load) pages.set(route, (load = importOnce(route.page)))
  return load()
}

/** React 19 puts the hoisted <title>, <meta> and <link> first: they go into the document's head. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/

export async function render(req: RenderRequest): Promise<RenderResult> {
  const token = parseCookies(req.cookie).get(SESSION_COOKIE)
  if (isAdminPath(req.path)) {
    // The admin area: its part of the route table answers 200 or 404; the CRM shows no site menu.
    const { CRM_ROUTES } = await crmRoutes()
    const session = await sessionOf(token, req.get)
    const boot: BootData = { origin: req.origin, startup: NO_STARTUP_DATA, session: session ?? null, route: null }
    return { kind: "shell", status: matchRoute(req.path, CRM_ROUTES) ? 200 : 404, boot: serializeBoot(boot), sessionRefused: session === null }
  }
  const match = matchRoute(req.path)
  const get = <T,>(path: string) => req.get<T>(path)
  const server = !match || match.route.area === "site"
  const [startup, session, page, loaded] = await Promise.all([
    loadStartup(get),
    sessionOf(token, req.get),
    match && server ? pageOf(match.route) : Promise.resolve(null),
    server && match?.route.loader && routeLoads(match.route.access ?? {})
      ? match.route.loader({ path: req.path, params: match.params, search: req.search, get }).catch(failureOf)
      : Promise.resolve<Loaded>({ data: undefined }),
  ])
  const boot: BootData = {
    origin: req.origin,
    startup,
    session: session ?? null,
    route: match && server ? { path: req.path, search: req.search, loaded } : null,
  }
  const sessionRefused = session === null
  if (!server) return { kind: "shell", status: 200, boot: serializeBoot(boot), sessionRefused }
  const app = <App ssrPath={req.path} ssrSearch={req.search} boot={boot} />
  const html = withRequestCookies(req.cookie, () =>
    renderToString(page ? <ServerRouteContext.Provider value={{ page, loaded }}>{app}</ServerRouteContext.Provider> : app),
  )
  const head = HOISTED.exec(html)?.[0] ?? ""
  return { kind: "page", status: !match ? 404 : (loaded.status ?? 200), head, body: html.slice(head.length), boot: serializeBoot(boot), sessionRefused }
}
