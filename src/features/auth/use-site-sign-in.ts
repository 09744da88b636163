import { useLocation } from "wouter"
import type { Credentials } from "../../../machines/sign-in.machine.ts"
import { useSession } from "../session/index.ts"
import { type SignedInAnswer, userOf } from "./auth-api.ts"
import { siteRedirect } from "./redirect.ts"

/** After a site sign-in: keep the token (cookie per remember) and the user, then go to redirectTo or /account. */
export function useSiteSignedIn(redirectTo: string | null | undefined, after?: () => void) {
  const { login } = useSession()
  const [, navigate] = useLocation()
  return (answer: unknown, c: Credentials) => {
    const a = answer as SignedInAnswer
    login(a.jwt, userOf(a))
    after?.()
    navigate(siteRedirect(redirectTo))
  }
}
