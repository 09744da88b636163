import { createContext, type ReactNode, Suspense, use, useContext, useEffect, useState } from "react"
import { useLocation, useSearch } from "wouter"
import { messages } from "../../schemas/messages/common.ts"
import { pushAlert } from "../features/alerts/index.ts"
import { ErrorBoundary } from "../features/shell/ErrorBoundary.tsx"
import { ErrorPage } from "../features/shell/ErrorPage.tsx"
import { useCity } from "../features/shell/city.ts"
import { Guarded } from "./Guarded.tsx"
import * as guardCss from "./guards.css.ts"
import { type GuardRoute, routeLoads, routeSetsCity } from "./guards.ts"
import type { RouteMatch } from "./match.ts"
import { PageHead } from "./PageHead.tsx"
import { dataKey, forgetData, loadData, loadPage, routeGet, settled, waitFor } from "./route-cache.ts"
import type { AppRoute, Area, Loaded, PageComponent, Params } from "./route-types.ts"
import type { RegionData } from "./routes.ts"
import { useOrigin } from "./origin.ts"

/** On the server: the matched route's page and data, ready before rendering (no suspending there). */
export const ServerRouteContext = createContext<{ readonly page: PageComponent; readonly loaded: Loaded } | null>(null)

/**
 * A failed load: the error page of its status, and the API's message in an alert (SPEC.md section 8).
 * Once shown, the failure is forgotten: the next visit asks again.
 */
function LoadFailure({ loaded, address }: { loaded: Loaded; address: string }) {
  const status = loaded.status ?? 500
  const message = "message" in loaded ? loaded.message : undefined
  useEffect(() => {
    if (status !== 404) pushAlert({ text: `${messages.shell.loadFailed}${message ? `: ${message}` : ""}`, apiError: true })
    forgetData(address)
  }, [status, message, address])
  return <ErrorPage status={status} />
}

/** The current city follows the route (the `city` guard): the region page's city, none on the index. */
function CityRule({ route, loaded }: { route: AppRoute; loaded: Loaded }) {
  const city = useCity()
  const region = route.city === "fromData" && loaded.data ? (loaded.data as RegionData).city : null
  const clear = route.city === "clear"
  useEffect(() => {
    if (clear) city.send({ type: "CLEAR" })
    else if (region) city.send({ type: "VISIT", slug: region.slug, name: region.name })
  }, [city, clear, region?.slug, region?.name]) // eslint-disable-line react-hooks/exhaustive-deps -- the city by its fields
  return null
}

function RoutePage({ route, params, path, search }: { route: AppRoute; params: Params; path: string; search: string }) {
  const server = useContext(ServerRouteContext)
  const origin = useOrigin()
  // This visit's data: asked once per mounted page (the cache answers a prefetch or the server's data).
  const [data] = useState(() => (routeLoads(route.access ?? {}) ? loadData(route, path, params, search, routeGet) : settled<Loaded>({ data: undefined })))
  // While the page waits for its code or data, the loading bar runs.
  const Page = server?.page ?? use(waitFor(loadPage(route)))
  const loaded = server?.loaded ?? use(waitFor(data))
  if (loaded.status !== undefined) return <LoadFailure loaded={loaded} address={dataKey(route, path, search)} />
  const head = typeof route.head === "function" ? route.head(loaded.data as never, params) : route.head
  return (
    <>
      {route.area !== "crm" && <PageHead head={head} url={`${origin}${path}`} />}
      {route.city && routeSetsCity(route.access ?? {}) && <CityRule route={route} loaded={loaded} />}
      {/* eslint-disable-next-line react-hooks/static-components -- one component per route, kept by the route cache */}
      <Page {...route.props} params={params} search={search} data={loaded.data} title={head.title} />
    </>
  )
}

/**
 * While a page first mounts without one before it (the frame around it changed: a site page to an
 * account page), its Suspense boundary is new and shows this, never an empty `main`. A move between
 * pages of one frame keeps the old page instead (transition-location.tsx).
 */
function PageLoading() {
  return (
    <p className={guardCss.status} role="status" aria-live="polite">
      {messages.shell.loading}
    </p>
  )
}

/** A CRM address that names no page is still the CRM's: only an administrator learns it does not exist. */
const CRM_NOT_FOUND: GuardRoute = { name: "crm-not-found", admin: true }

/**
 * The page of the current address: the route's guards, then (inside the area's `frame`, when given)
 * its code and data; the 404 page for no route.
 */
export function RouteView({ match, area = match?.route.area ?? "site", frame = (page) => page, errorPage }: RouteViewProps) {
  const [path] = useLocation()
  const search = useSearch()
  if (!match && area !== "crm") return <ErrorPage status={404} />
  const guard: GuardRoute = match ? { ...match.route.access, name: match.route.name } : CRM_NOT_FOUND
  return (
    <ErrorBoundary resetKey={path}>
      <Guarded route={guard} area={area} errorPage={errorPage}>
        {frame(
          match ? (
            <Suspense fallback={<PageLoading />}>
              <RoutePage
                key={`${match.route.name} ${path}${match.route.loader ? `?${search}` : ""}`}
                route={match.route}
                params={match.params}
                path={path}
                search={search}
              />
            </Suspense>
          ) : (
            <ErrorPage status={404} />
          ),
        )}
      </Guarded>
    </ErrorBoundary>
  )
}

interface RouteViewProps {
  readonly match: RouteMatch | null
  /** The area of an address no route matched (the CRM's unknown pages). */
  readonly area?: Area
  /** The area's layout around the page, inside the guards (the CRM's frame appears only for an administrator). */
  readonly frame?: (page: ReactNode) => ReactNode
  /** The page of a guard's refusal (the CRM's 403 in its own frame); default the site's error page. */
  readonly errorPage?: ((status: number) => ReactNode) | undefined
}
