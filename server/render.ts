import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import type { Context, Hono } from "hono"
import type { CheckedSession } from "../machines/session.machine.ts"
import type { RenderRequest, RenderResult } from "../src/app/server-entry.tsx"
import { cspNonce, pagePolicy } from "./lib/csp.ts"
import { clearSessionCookie } from "./lib/session-cookie.ts"
import type { AppEnv, Deps } from "./lib/env.ts"
import { createPageCache, hasSession, isCachedRead, NONCE_MARK, pageKey, withoutSession } from "./page-cache.ts"
import { pageTemplate, type PageTemplate } from "./page-styles.ts"
import { withDeferredScripts } from "./page-scripts.ts"

/** The server bundle of the app (`vite build --ssr`), beside the browser build. */
export const SERVER_ENTRY = join("server", "server-entry.js")

/** What server/server-entry.js (src/app/server-entry.tsx) gives the server. */
interface Renderer {
  render(req: RenderRequest): Promise<RenderResult>
  isSharedPage(path: string): boolean
  visitorSession(cookie: string, get: RenderRequest["get"]): Promise<CheckedSession | null | undefined>
  personalize(html: string, session: CheckedSession): string
}

/** The template's own title and description give way to the page's. */
const TEMPLATE_HEAD = /<title>[^<]*<\/title>\s*|<meta name="description"[^>]*>\s*/g

/** The template's own scripts and module preloads (Vite's), which the page's policy runs by its nonce. */
const TEMPLATE_SCRIPTS = /<(script|link rel="modulepreload")(?=[\s>])/g

/**
 * The built index.html with the rendered page, its head and its embedded data (a shell: the data
 * only). Every script and module preload of the template, and the embedded data, carry this answer's
 * CSP nonce (server/lib/csp.ts); the rendered head and body are marked after, so a `<script>` a page's
 * text might carry never gets it. `styles`: the inline styles of the site pages' stylesheets the body
 * uses (PageTemplate.stylesFor).
 */
export function compose(template: string, page: RenderResult, nonce: string, styles = ""): string {
  const marked = template.replace(TEMPLATE_SCRIPTS, `<$1 nonce="${nonce}"`)
  const boot = `<script type="application/json" id="boot-data" nonce="${nonce}">${page.boot}</script>`
  if (page.kind === "shell") return marked.replace('<div id="root"></div>', () => `<div id="root"></div>${boot}`)
  return marked
    .replace(TEMPLATE_HEAD, "")
    .replace("</head>", () => `${page.head}${styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>${boot}`)
}

/** The template's scripts moved after the first paint, once its stylesheets (which name the web font's files) are inlined. */
const deferScripts = (t: PageTemplate): PageTemplate => ({ ...t, html: withDeferredScripts(t.html) })

/**
 * Every page path (SPEC.md section 2): the site's routes rendered on the server from the one route
 * table (status 200, or 404 with the rendered 404 page), the account, order and CRM routes as the
 * app's shell for the browser to render, with the startup data and the session embedded all the same.
 * Pages depend on the visitor's cookies (the user, the city, the cookie notice): `Cache-Control:
 * private` with `Vary: Cookie`. An anonymous visitor's page is kept (./page-cache.ts); a signed-in
 * visitor's page anyone may open is that page with their user button and session written in.
 */
export function pageRoutes(app: Hono<AppEnv>, { config, cache }: Deps): void {
  const indexFile = join(config.distDir, "index.html")
  const entryFile = join(config.distDir, SERVER_ENTRY)
  let template: PageTemplate | undefined
  let renderer: Promise<Renderer> | undefined
  const shell = () =>
    (template ??= existsSync(indexFile) ? deferScripts(pageTemplate(readFileSync(indexFile, "utf8"), config.distDir)) : { html: "", stylesFor: () => "" })

  /** GET of the app's own API, in process (no socket), as the browser would call it. */
  const request = async (path: string, token?: string): Promise<unknown> => {
    const res = await app.request(path, token ? { headers: { Authorization: `Bearer ${token}` } } : {})
    if (!res.ok) throw Object.assign(new Error(`GET ${path}: ${res.status}`), { status: res.status })
    return res.json()
  }
  /**
   * Public answers (no token: the menu, cities, footer links, configuration, a region's city) come
   * from the public-read cache (server/lib/public-cache.ts), parsed once, until a CRM write; other
   * public reads are shared for a second, so a burst of visitors costs one read. A visitor's own
   * answers (with a token) never are.
   */
  const get = <T,>(path: string, token?: string): Promise<T> =>
    token ? (request(path, token) as Promise<T>) : cache.json(path, () => request(path) as Promise<T>)

  // Anonymous visitors' pages, kept while no CRM write happened (server/page-cache.ts).
  const pages = createPageCache()

  /** The renderer's answer for this request, with the page's reads counted: only cached public reads keep a page for long. */
  const renderPage = async (r: Renderer, path: string, search: string, cookie: string) => {
    let onlyCachedReads = true
    const result = await r.render({
      path,
      search,
      cookie,
      origin: config.siteUrl,
      get: <T,>(path: string, token?: string) => {
        if (token || !isCachedRead(path)) onlyCachedReads = false
        return get<T>(path, token)
      },
    })
    return { result, onlyCachedReads }
  }

  /** An anonymous visitor's page: kept, or rendered and kept (read the generation first: a CRM write during the render leaves it unkept, never stale). */
  const anonymousPage = async (r: Renderer, path: string, search: string, cookie: string, nonce: string, styled: PageTemplate) => {
    const key = pageKey(path, search, cookie)!
    const generation = await cache.generation()
    const hit = pages.find(key, generation, nonce)
    if (hit) return hit
    const { result, onlyCachedReads } = await renderPage(r, path, search, cookie)
    const page = compose(styled.html, result, NONCE_MARK, result.kind === "page" ? styled.stylesFor(result.body) : "")
    pages.keep(key, generation, { html: page, status: result.status, onlyCachedReads })
    return { html: page.split(NONCE_MARK).join(nonce), status: result.status }
  }

  app.get("*", async (c: Context<AppEnv>) => {
    const styled = shell()
    // Once the renderer is imported, its file is not looked for again (a stat per page).
    if (!styled.html || (!renderer && !existsSync(entryFile))) return c.text("Сборка не найдена: выполните npm run build", 503)
    renderer ??= import(pathToFileURL(entryFile).href) as Promise<Renderer>
    const r = await renderer
    const { path } = c.req
    const search = new URL(c.req.url).search.slice(1)
    const cookie = c.req.header("cookie") ?? ""
    c.header("Cache-Control", "private, no-cache")
    c.header("Vary", "Cookie")
    const nonce = cspNonce()
    c.header("Content-Security-Policy", pagePolicy(nonce))
    if (!hasSession(cookie)) {
      const page = await anonymousPage(r, path, search, cookie, nonce, styled)
      return c.html(page.html, page.status as 200)
    }
    // A signed-in visitor on a page anyone may open: the anonymous page with their user button and session.
    if (r.isSharedPage(path)) {
      const session = await r.visitorSession(cookie, get)
      // A refused session sees the anonymous page, as a render would show it, and loses the cookie.
      if (session === null) clearSessionCookie(c, config)
      const page = await anonymousPage(r, path, search, withoutSession(cookie), nonce, styled)
      return c.html(session ? r.personalize(page.html, session) : page.html, page.status as 200)
    }
    const { result } = await renderPage(r, path, search, cookie)
    if (result.sessionRefused) clearSessionCookie(c, config)
    // A page that is not kept gets its nonce at once: the mark and its replacement would cost more than
    // the render's React work (each pass over the freshly composed ~100 kB string flattens it).
    const styles = result.kind === "page" ? styled.stylesFor(result.body) : ""
    return c.html(compose(styled.html, result, nonce, styles), result.status as 200)
  })
}
