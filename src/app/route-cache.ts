import { trackActivity } from "../api/activity.ts"
import { asClientError, quietApi } from "../api/client.ts"
import { loadChunk } from "../ui/lazy.ts"
import type { AppRoute, ApiGet, Loaded, PageComponent, Params } from "./route-types.ts"

/**
 * The code and data of routes, each loaded once and kept as a promise that React's `use` reads: a
 * promise already settled (the server's embedded data, a prefetch, the page hydrating) renders at
 * once, without suspending. Prefetching a link fills the same caches.
 */
// The fields React's `use` reads on a promise to render a settled one at once.
type Tracked<T> = Promise<T> & ({ status: "pending" } | { status: "fulfilled"; value: T } | { status: "rejected"; reason: unknown })

function track<T>(promise: Promise<T>): Tracked<T> {
  const t = Object.assign(promise, { status: "pending" as const }) as Tracked<T>
  t.then(
    (value) => Object.assign(t, { status: "fulfilled", value }),
    (reason: unknown) => Object.assign(t, { status: "rejected", reason }),
  )
  return t
}

const awaited = new WeakSet<Promise<unknown>>()

/**
 * A page waits for this load: the loading bar runs until it settles (SPEC.md section 4). Once per load,
 * whoever asks (a render retried after suspending asks again); a load already settled runs none.
 */
export function waitFor<T>(load: Tracked<T>): Tracked<T> {
  if (load.status === "pending" && !awaited.has(load)) {
    awaited.add(load)
    void trackActivity(load).catch(() => {})
  }
  return load
}

/** A promise React's `use` reads synchronously. */
export const settled = <T,>(value: T): Tracked<T> => Object.assign(Promise.resolve(value), { status: "fulfilled" as const, value })

const pages = new Map<AppRoute, Tracked<PageComponent>>()

/**
 * A page's code, loaded once (a chunk that fails to load reloads the page: ui/lazy.ts). Quietly: a
 * page that waits for it runs the loading bar (`waitFor`), a prefetch runs none.
 */
export function loadPage(route: AppRoute): Tracked<PageComponent> {
  let page = pages.get(route)
  if (!page) {
    page = track(
      loadChunk(route.page, { quiet: true }).catch((err: unknown) => {
        pages.delete(route)
        throw err
      }),
    )
    pages.set(route, page)
  }
  return page
}

/**
 * The browser's GET for loaders: quiet (the page that waits shows the loading bar itself, a prefetch
 * none), failures as section 8's ClientError (message and status).
 */
export const routeGet: ApiGet = <T,>(path: string) => quietApi<T>(path).catch((e: unknown) => Promise.reject(asClientError(e)))

/** Each address's data and when it was asked for. */
const data = new Map<string, { readonly load: Tracked<Loaded>; readonly at: number }>()

export const dataKey = (route: AppRoute, path: string, search: string) => `${route.name} ${path}?${search}`

/** Data older than this is fetched again when the page is opened anew (a prefetch stays fresh for a visit). */
const DATA_TTL_MS = 30_000

/** A failed load as the page shows it: the error page of its status, the API's message in an alert. */
export function failureOf(err: unknown): Loaded {
  const e = (typeof err === "object" && err !== null ? err : {}) as { status?: unknown; message?: unknown }
  return { status: typeof e.status === "number" ? e.status : 500, message: typeof e.message === "string" ? e.message : undefined }
}

/**
 * The route's loader data for this address, loaded once (and again after DATA_TTL_MS); a failure is
 * answered (never thrown), kept until a page has shown it (`forgetData`), and then asked again.
 */
export function loadData(route: AppRoute, path: string, params: Params, search: string, get: ApiGet): Tracked<Loaded> {
  const key = dataKey(route, path, search)
  const cached = data.get(key)
  if (cached && Date.now() - cached.at < DATA_TTL_MS) return cached.load
  if (!route.loader) return settled({ data: undefined })
  const load = track(route.loader({ path, params, search, get }).catch(failureOf))
  data.set(key, { load, at: Date.now() })
  return load
}

/** Drops an address's data by its `dataKey` (a failure the page has shown): the next visit asks again. */
export function forgetData(key: string): void {
  data.delete(key)
}

/** Seeds the data cache with what the server embedded in the page. */
export function seedData(route: AppRoute, path: string, search: string, loaded: Loaded): void {
  data.set(dataKey(route, path, search), { load: settled(loaded), at: Date.now() })
}

/** Seeds the page cache with a module loaded before hydration. */
export function seedPage(route: AppRoute, page: PageComponent): void {
  pages.set(route, settled(page))
}
