import { Suspense } from "react"
import { Router, useLocation } from "wouter"
import { isAdminPath } from "../../schemas/routes.ts"
import { AlertsHost } from "../features/alerts/AlertsHost.tsx"
import { SessionRoot } from "../features/session/SessionRoot.tsx"
import { SiteApp } from "../features/shell/SiteApp.tsx"
import { lazyWithReload } from "./lazy.ts"

/** The CRM is its own chunk: no CRM code reaches a visitor of the public site. */
const CrmApp = lazyWithReload(() => import("../features/crm/CrmApp.tsx"))

function Areas() {
  const [path] = useLocation()
  return isAdminPath(path) ? (
    <Suspense fallback={null}>
      <CrmApp />
    </Suspense>
  ) : (
    <SiteApp />
  )
}

export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router {...(ssrPath ? { ssrPath } : {})}>
      <SessionRoot>
        <Areas />
        <AlertsHost />
      </SessionRoot>
    </Router>
  )
}
