import { useEffect, useRef } from "react"
import { useLocation } from "wouter"
import { messages } from "../../../schemas/messages.ts"
import { isKnownRoute, regionSlugOf } from "../../../schemas/routes.ts"
import { container, skipLink } from "../../ui/layout.css.ts"
import { CityContext, useCityActor } from "./city.ts"
import { CookieNotice } from "./CookieNotice.tsx"
import { ErrorBoundary } from "./ErrorBoundary.tsx"
import { ErrorPage } from "./ErrorPage.tsx"
import { Footer } from "./Footer.tsx"
import { Header } from "./Header.tsx"
import { HomePage } from "./HomePage.tsx"
import { InfoPage } from "./InfoPage.tsx"
import { RegionPage } from "./RegionPage.tsx"
import { OfflineNotice } from "./OfflineNotice.tsx"
import { normalizePath, titleOf } from "./page-titles.ts"
import * as css from "./pages.css.ts"
import { type SiteData, useSiteData } from "./site-data.ts"

/** Which page a path shows: the index, a known section, a region by slug, or 404. */
function Page({ path, data }: { path: string; data: SiteData }) {
  if (path === "/") return <HomePage />
  const title = isKnownRoute(path) ? titleOf(path) : null
  if (title) return <InfoPage title={title} data={data} />
  const slug = regionSlugOf(path)
  if (slug) return <RegionPage slug={slug} />
  return <ErrorPage status={404} />
}

/** The public site: header, the page of the current route, footer, and the app-wide notices. */
export function SiteApp() {
  const [location] = useLocation()
  const path = normalizePath(location)
  const city = useCityActor()
  const data = useSiteData()

  // Returning to the index clears the chosen city.
  useEffect(() => {
    if (path === "/") city.send({ type: "CLEAR" })
  }, [path, city])

  // A new page starts at the top, and after a client-side move focus goes to the content so that
  // screen readers announce the new page (not on the first load).
  const firstPath = useRef(path)
  useEffect(() => {
    window.scrollTo(0, 0)
    if (path !== firstPath.current) {
      firstPath.current = ""
      document.getElementById("main")?.focus({ preventScroll: true })
    }
  }, [path])

  return (
    <CityContext.Provider value={city}>
      <a href="#main" className={skipLink}>
        {messages.shell.skipToContent}
      </a>
      <OfflineNotice />
      <Header data={data} />
      <main id="main" tabIndex={-1} className={[container, css.main].join(" ")}>
        <ErrorBoundary resetKey={path}>
          <Page path={path} data={data} />
        </ErrorBoundary>
      </main>
      <Footer data={data} />
      <CookieNotice />
    </CityContext.Provider>
  )
}
