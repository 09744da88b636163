import { type ReactNode, useEffect, useMemo, useRef, useState } from "react"
import { useLocation } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { CityContext, useCityActor } from "../../features/shell/city.ts"
import { CookieNotice } from "../../features/shell/CookieNotice.tsx"
import { Footer } from "../../features/shell/Footer.tsx"
import { Header } from "../../features/shell/Header.tsx"
import { OfflineNotice } from "../../features/shell/OfflineNotice.tsx"
import * as css from "../../ui/page.css.ts"
import { SiteDataContext, siteDataOf, type StartupData } from "../../features/shell/site-data.ts"
import { container, skipLink } from "../../ui/layout.css.ts"
import { ModalHost } from "../ModalHost.tsx"

interface SiteLayoutProps {
  readonly startup: StartupData
  /** Settles once the missing parts of the startup data are loaded. */
  readonly loaded: Promise<StartupData>
  readonly city: string | null | undefined
  readonly children: ReactNode
}

/**
 * The layout of the site and the account: header (menu, cities and contacts of the startup data),
 * the page, footer, the cookie notice and the site's modals (src/app/ModalHost.tsx). `city` is the current city the route
 * decides (the region page's) before the cookie's.
 */
export function SiteLayout({ startup, loaded, city: routeCity, children }: SiteLayoutProps) {
  const [path] = useLocation()
  const [cities] = useState(() => ({ cities: startup.cities, loaded: loaded.then((s) => s.cities) }))
  const city = useCityActor(cities, routeCity)
  const data = useMemo(() => siteDataOf(startup), [startup])

  // A new page starts at the top, and after a client-side move focus goes to the content so that
  // screen readers announce the new page (not on the first load).
  const firstPath = useRef(path)
  useEffect(() => {
    if (path === firstPath.current) return
    firstPath.current = ""
    window.scrollTo(0, 0)
    document.getElementById("main")?.focus({ preventScroll: true })
  }, [path])

  return (
    <SiteDataContext.Provider value={data}>
      <CityContext.Provider value={city}>
        <ModalHost>
        <a href="#main" className={skipLink}>
          {messages.shell.skipToContent}
        </a>
        <OfflineNotice />
        <Header data={data} />
        <main id="main" tabIndex={-1} className={[container, css.main].join(" ")}>
          {children}
        </main>
        <Footer data={data} />
        <CookieNotice />
        </ModalHost>
      </CityContext.Provider>
    </SiteDataContext.Provider>
  )
}
