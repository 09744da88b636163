import { type ReactNode, useEffect } from "react"
import { Redirect, useLocation, useSearch } from "wouter"
import { ORDER_DRAFT_COOKIE } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { readCookie } from "../api/cookies.ts"
import { pushAlert } from "../features/alerts/alerts.ts"
import { ErrorPage } from "../features/shell/ErrorPage.tsx"
import { type GuardRoute, runGuards } from "./guards.ts"
import * as css from "./guards.css.ts"
import type { Area } from "./route-types.ts"
import { useVisitor } from "./useVisitor.ts"

/**
 * Runs the route's guards for the current path and session: the redirect, the error page, a wait
 * while the session restores a token, or the page. A notice of the context rules shows as an alert.
 */
export function Guarded({ route, area, errorPage, children }: { route: GuardRoute; area: Area; errorPage?: ((status: number) => ReactNode) | undefined; children: ReactNode }) {
  const [path] = useLocation()
  const search = useSearch()
  const visitor = useVisitor()
  const outcome = runGuards({ route, area: area === "crm" ? "admin" : "site", returnTo: search ? `${path}?${search}` : path, visitor, orderDraft: readCookie(ORDER_DRAFT_COOKIE) !== undefined })
  const notice = outcome.kind === "pass" || outcome.kind === "redirect" ? outcome.notice : undefined
  useEffect(() => {
    if (notice) pushAlert({ text: notice, tone: "error" })
  }, [notice])
  if (outcome.kind === "redirect") return <Redirect to={outcome.to} replace />
  if (outcome.kind === "error") return errorPage ? errorPage(outcome.status) : <ErrorPage status={outcome.status} />
  if (outcome.kind === "wait") {
    return (
      <p className={css.status} role="status" aria-live="polite">
        {messages.access.loading}
      </p>
    )
  }
  return <>{children}</>
}
