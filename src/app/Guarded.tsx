import { type ReactNode, useEffect } from "react"
import { Redirect, useLocation, useSearch } from "wouter"
import { isAdminPath } from "../../../schemas/routes.ts"
import { messages } from "../../../schemas/messages.ts"
import { pushAlert } from "../alerts/alerts.ts"
import { ErrorPage } from "../shell/ErrorPage.tsx"
import { type RouteAccess, runGuards } from "./guards.ts"
import { useVisitor } from "./useVisitor.ts"
import * as css from "./guards.css.ts"

/** Renders a route's page only when its guards pass; otherwise the redirect, the error page, or a wait. */
export function Guarded({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const [path] = useLocation()
  const search = useSearch()
  const visitor = useVisitor()
  const outcome = runGuards({ route: access, area: isAdminPath(path) ? "admin" : "site", returnTo: search ? `${path}?${search}` : path, visitor })
  const notice = outcome.kind === "pass" ? outcome.notice : undefined
  useEffect(() => {
    if (notice) pushAlert({ text: notice, tone: "error" })
  }, [notice])
  if (outcome.kind === "redirect") return <Redirect to={outcome.to} replace />
  if (outcome.kind === "error") return <ErrorPage status={outcome.status} />
  if (outcome.kind === "wait") {
    return (
      <p className={css.status} role="status" aria-live="polite">
        {messages.access.loading}
      </p>
    )
  }
  return <>{children}</>
}
