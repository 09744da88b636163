import { routeLoads } from "./guards.ts"
import { matchRoute } from "./match.ts"
import { loadData, loadPage, routeGet } from "./route-cache.ts"

/**
 * Link prefetching (SPEC.md section 2): a link to another route of the site, when it is hovered, focused
 * or touched, loads that route's code and its loader's data into the caches the page renders from, so a
 * click renders without waiting. Skipped on 2g connections and with data saver on.
 */
interface NetworkInformation {
  readonly effectiveType?: string
  readonly saveData?: boolean
}

/** Whether the connection allows prefetching: not 2g (nor slow-2g), no data saver. */
export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true
  return connection.saveData !== true && !/2g/.test(connection.effectiveType ?? "")
}

const done = new Set<string>()

/**
 * Prefetches the route of a same-site address, once per address: answers the load (which never
 * rejects: errors are the page's to show when it is opened), or null when there is nothing to do.
 */
export function prefetchHref(href: string, base: string = location.href): Promise<void> | null {
  let url: URL
  try {
    url = new URL(href, base)
  } catch {
    return null
  }
  if (url.origin !== new URL(base).origin) return null
  const key = url.pathname + url.search
  if (done.has(key) || url.pathname === new URL(base).pathname) return null
  const match = matchRoute(url.pathname)
  if (!match) return null
  done.add(key)
  const { route, params } = match
  const loads: Promise<unknown>[] = [loadPage(route)]
  if (route.loader && routeLoads(route.access ?? {})) loads.push(loadData(route, url.pathname, params, url.search.slice(1), routeGet))
  return Promise.allSettled(loads).then(() => undefined)
}

const linkOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>("a[href]") : null)

/**
 * Starts prefetching for the whole document, on intent only: a link hovered, focused or touched. Never
 * every link in view: the home page alone links to most of the site, whose code and data would then
 * load without anyone asking (docs/production.md, "Public page speed"). Answers the stop.
 */
export function startPrefetching(): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection
  if (!prefetchAllowed(connection)) return () => {}
  const onIntent = (e: Event) => {
    const a = linkOf(e.target)
    if (a && !a.target) prefetchHref(a.href)
  }
  const events = ["pointerover", "focusin", "touchstart"] as const
  for (const type of events) document.addEventListener(type, onIntent, { passive: true })
  return () => {
    for (const type of events) document.removeEventListener(type, onIntent)
  }
}
