import { useLocation } from "wouter"
import type { Credentials } from "../../../machines/sign-in.machine.ts"
import { useSession } from "../session/index.ts"
import { type SignedInAnswer, userOf } from "./auth-api.ts"
import { siteRedirect } from "./redirect.ts"

/** After a site sign-in (the server has set the cookie, per remember): the session and the user, then redirectTo or /account. */
export function useSiteSignedIn(redirectTo: string | null | undefined, after?: () => void) {
  const { login } = useSession()
  const [, navigate] = useLocation()
  return (answer: unknown, _credentials: Credentials) => {
    const a = answer as SignedInAnswer
    login(a.jwt, userOf(a))
    after?.()
    navigate(siteRedirect(redirectTo))
  }
}
