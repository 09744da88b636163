import { type ReactNode, Suspense, useEffect, useState } from "react"
import { Router, useLocation } from "wouter"
import { api, asClientError } from "../api/client.ts"
import { messages } from "../../schemas/messages/common.ts"
import { AlertsHost } from "../features/alerts/AlertsHost.tsx"
import { pushAlert } from "../features/alerts/alerts.ts"
import { SessionRoot } from "./SessionRoot.tsx"
import { isComplete, loadStartup, NO_STARTUP_DATA, type StartupData } from "../features/shell/site-data.ts"
import type { BootData } from "./boot.ts"
import { SiteLayout } from "./layouts/SiteLayout.tsx"
import { useLoad } from "../ui/flows/use-load.ts"
import { lazyWithReload } from "../ui/lazy.ts"
import { isAdminPath, matchRoute } from "./match.ts"
import { OriginContext } from "./origin.ts"
import { startPrefetching } from "./prefetch.ts"
import type { RegionData } from "./routes.ts"
import { RouteView } from "./RouteView.tsx"
import { TransitionLocation, useTransitionLocation, useTransitionSearch } from "./transition-location.tsx"

/** The CRM is its own chunk: no CRM code (nor Effect Schema) reaches a visitor of the public site. */
const CrmArea = lazyWithReload(() => import("./layouts/CrmArea.tsx"))

/** The account's navigation above its signed-in pages (src/features/account), loaded with the first of them. */
const AccountNav = lazyWithReload(() => import("../features/account/AccountNav.tsx").then((m) => ({ default: m.AccountNav })))
const accountFrame = (page: ReactNode) => (
  <>
    <Suspense fallback={null}>
      <AccountNav />
    </Suspense>
    {page}
  </>
)

const report = (err: unknown) => pushAlert({ text: `${messages.shell.loadFailed}: ${asClientError(err).message}`, apiError: true })

/**
 * The startup data the page came with; the browser loads only the parts that are missing, once (a
 * load machine reads the one promise, which the city list also awaits). Until then the page shows
 * what it came with.
 */
function useStartup(initial: StartupData): { startup: StartupData; loaded: Promise<StartupData> } {
  const [loaded] = useState(() => (isComplete(initial) ? Promise.resolve(initial) : loadStartup((path) => api(path), initial, report)))
  const read = useLoad("startup", () => loaded)
  return { startup: read.state === "ready" ? read.value : initial, loaded }
}

/** The city the first page names: the region page's city (from the data embedded for it), none on the index, else the cookie's. */
function firstCity(boot: BootData | null, path: string): string | null | undefined {
  const route = matchRoute(path)?.route
  if (route?.city === "clear") return null
  if (route?.city === "fromData" && boot?.route?.path === path) return (boot.route.loaded.data as RegionData | undefined)?.city.name
  return undefined
}

/** The site and the account: the startup data (loaded only where the page came without it), the layout, the page. */
function SiteArea({ boot, path }: { boot: BootData | null; path: string }) {
  const { startup, loaded } = useStartup(boot?.startup ?? NO_STARTUP_DATA)
  const [city] = useState(() => firstCity(boot, path))
  const match = matchRoute(path)
  return (
    <SiteLayout startup={startup} loaded={loaded} city={city}>
      <RouteView match={match} {...(match?.route.area === "account" && match.route.access?.user_type ? { frame: accountFrame } : {})} />
    </SiteLayout>
  )
}

function Areas({ boot }: { boot: BootData | null }) {
  const [path] = useLocation()
  // The admin area is client-rendered, with its routes and layout in chunks of their own, and shows no
  // site menu: it needs none of the startup data.
  if (isAdminPath(path)) {
    return (
      <Suspense fallback={null}>
        <CrmArea />
      </Suspense>
    )
  }
  return <SiteArea boot={boot} path={path} />
}

export interface AppProps {
  /** On the server: the address being rendered. */
  readonly ssrPath?: string
  readonly ssrSearch?: string
  /** What the server embedded (or, on the server, is embedding); null in development. */
  readonly boot: BootData | null
}

export function App({ ssrPath, ssrSearch, boot }: AppProps) {
  useEffect(() => startPrefetching(), [])
  const origin = boot?.origin ?? (typeof location !== "undefined" ? location.origin : "")
  const areas = (
    <SessionRoot checked={boot ? boot.session : undefined}>
      <Areas boot={boot} />
      <AlertsHost />
    </SessionRoot>
  )
  return (
    <OriginContext.Provider value={origin}>
      {ssrPath !== undefined ? (
        <Router ssrPath={ssrPath} ssrSearch={ssrSearch ?? ""}>
          {areas}
        </Router>
      ) : (
        // In the browser the address moves in a transition: the old page stays until the next is ready.
        <TransitionLocation>
          <Router hook={useTransitionLocation} searchHook={useTransitionSearch}>
            {areas}
          </Router>
        </TransitionLocation>
      )}
    </OriginContext.Provider>
  )
}
