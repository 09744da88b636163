import { renderToString } from "react-dom/server"
import type { SessionUser } from "../../machines/session.machine.ts"
import { withRequestCookies, parseCookies } from "../api/cookies.ts"
import { fetchSessionUser } from "../features/session/index.ts"
import { loadStartup, NO_STARTUP_DATA } from "../features/shell/site-data.ts"
import { App } from "./App.tsx"
import { type BootData, serializeBoot } from "./boot.ts"
import { routeLoads } from "./guards.ts"
import { isAdminPath, matchRoute } from "./match.ts"
import { failureOf } from "./route-cache.ts"
import type { Loaded } from "./route-types.ts"
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

export type RenderResult =
  /** An account, order or CRM route: the browser renders it (the app's shell, status 200, with the startup data). */
  | { readonly kind: "shell"; readonly status: 200 | 404; readonly boot: string }
  /** Status 200, 404 for no route or no record, or the API's status when the page's data failed. */
  | { readonly kind: "page"; readonly status: number; readonly head: string; readonly body: string; readonly boot: string }

/** The user behind the `token` cookie, as the browser's session fetches it; null when refused. */
const userOf = (token: string, get: RenderRequest["get"]): Promise<SessionUser | null> =>
  fetchSessionUser(token, (path, bearer) => get(path, bearer)).catch(() => null)

/** React 19 puts the hoisted <title>, <meta> and <link> first: they go into the document's head. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/

export async function render(req: RenderRequest): Promise<RenderResult> {
  const token = parseCookies(req.cookie).get("token")
  if (isAdminPath(req.path)) {
    // The admin area: its part of the route table answers 200 or 404; the CRM shows no site menu.
    const { CRM_ROUTES } = await import("./crm-routes.ts")
    const user = token ? await userOf(token, req.get) : undefined
    const boot: BootData = { origin: req.origin, startup: NO_STARTUP_DATA, session: user === undefined ? null : { user }, route: null }
    return { kind: "shell", status: matchRoute(req.path, CRM_ROUTES) ? 200 : 404, boot: serializeBoot(boot) }
  }
  const match = matchRoute(req.path)
  const get = <T,>(path: string) => req.get<T>(path)
  const server = !match || match.route.area === "site"
  const [startup, user, page, loaded] = await Promise.all([
    loadStartup(get),
    token ? userOf(token, req.get) : Promise.resolve(undefined),
    match && server ? match.route.page() : Promise.resolve(null),
    server && match?.route.loader && routeLoads(match.route.access ?? {})
      ? match.route.loader({ path: req.path, params: match.params, search: req.search, get }).catch(failureOf)
      : Promise.resolve<Loaded>({ data: undefined }),
  ])
  const boot: BootData = {
    origin: req.origin,
    startup,
    session: user === undefined ? null : { user },
    route: match && server ? { path: req.path, search: req.search, loaded } : null,
  }
  if (!server) return { kind: "shell", status: 200, boot: serializeBoot(boot) }
  const app = <App ssrPath={req.path} ssrSearch={req.search} boot={boot} />
  const html = withRequestCookies(req.cookie, () =>
    renderToString(page ? <ServerRouteContext.Provider value={{ page, loaded }}>{app}</ServerRouteContext.Provider> : app),
  )
  const head = HOISTED.exec(html)?.[0] ?? ""
  return { kind: "page", status: !match ? 404 : (loaded.status ?? 200), head, body: html.slice(head.length), boot: serializeBoot(boot) }
}
