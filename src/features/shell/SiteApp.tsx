import { Suspense, useEffect, useRef } from "react"
import { useLocation } from "wouter"
import { lazyWithReload } from "../../app/lazy.ts"
import { AccountPage } from "../account/AccountPage.tsx"
import { LegalPersonPage } from "../account/LegalPersonPage.tsx"
import { LegalPersonsPage } from "../account/LegalPersonsPage.tsx"
import { RepresentativesPage } from "../account/RepresentativesPage.tsx"
import { Guarded } from "../guards/Guarded.tsx"
import { matchSiteRoute } from "../guards/route-table.ts"
import { PasswordResetHost } from "../password/PasswordResetHost.tsx"
import { OfferModals } from "../requests/OfferModals.tsx"
import { PolicyModal } from "../requests/PolicyModal.tsx"
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

/** Pages with forms load with their schemas on first use, not with the content pages. */
const PasswordEditPage = lazyWithReload(() => import("../password/PasswordEditPage.tsx"))
const ConfirmationPage = lazyWithReload(() => import("../confirmation/ConfirmationPage.tsx"))
const UserSignInPage = lazyWithReload(() => import("../auth/UserSignInPage.tsx").then((m) => ({ default: m.UserSignInPage })))
const FeedbackPage = lazyWithReload(() => import("../requests/FeedbackPage.tsx"))
const DirectorSignInPage = lazyWithReload(() => import("../auth/DirectorSignInPage.tsx").then((m) => ({ default: m.DirectorSignInPage })))

/** The page of a guarded route by its name (src/features/guards/route-table.ts). */
function GuardedPage({ name, params, title, data }: { name: string; params: Readonly<Record<string, string>>; title: string; data: SiteData }) {
  switch (name) {
    case "account":
      return <AccountPage />
    case "account-legal_person":
      return <LegalPersonsPage />
    case "account-legal_person-id":
      return <LegalPersonPage id={params.id ?? ""} />
    case "account-representative":
      return <RepresentativesPage />
    // No representative exists before the ordering issue: a representative's page is not found.
    case "account-representative-id":
    case "account-representative-id-edit":
      return <ErrorPage status={404} />
    case "users-password-edit":
      return <PasswordEditPage />
    case "users-confirmation":
      return <ConfirmationPage />
    case "account-representative-new":
      return <InfoPage title={messages.access.newRepresentative} data={data} />
    default:
      // The order pages: the honest notice until the ordering issue.
      return <InfoPage title={title} data={data} />
  }
}

/** Which page a path shows: the index, a guarded route, a known section, a region by slug, or 404. */
function Page({ path, data }: { path: string; data: SiteData }) {
  if (path === "/") return <HomePage />
  if (path === "/users/sign_in") return <UserSignInPage />
  if (path === "/users/director/sign_in") return <DirectorSignInPage />
  if (path === "/feedback") return <FeedbackPage />
  const guarded = matchSiteRoute(path)
  if (guarded) {
    return (
      <Guarded access={guarded.access}>
        <GuardedPage name={guarded.access.name} params={guarded.params} title={titleOf(path) ?? messages.pages.account} data={data} />
      </Guarded>
    )
  }
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
          <Suspense fallback={null}>
            <Page path={path} data={data} />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer data={data} />
      <CookieNotice />
      <PasswordResetHost />
      <OfferModals />
      <PolicyModal config={data} />
    </CityContext.Provider>
  )
}
