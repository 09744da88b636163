import type { ReactNode } from "react"
import { Redirect, useLocation, useSearch } from "wouter"
import { useSession } from "../session/session-context.ts"

export const SIGN_IN_PATH = "/admin_users/sign_in"

export const signInHref = (returnTo: string) => `${SIGN_IN_PATH}?redirectTo=${encodeURIComponent(returnTo)}`

/** CRM pages need an admin token; without one the visitor goes to the admin sign-in and comes back. */
export function CrmGuard({ children }: { children: ReactNode }) {
  const { token, tokenContext } = useSession()
  const [path] = useLocation()
  const search = useSearch()
  if (!token || tokenContext !== "admin") return <Redirect to={signInHref(search ? `${path}?${search}` : path)} replace />
  return <>{children}</>
}
