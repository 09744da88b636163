import { useState } from "react"
import { Redirect, useLocation, useSearch } from "wouter"
import type { Credentials } from "../../../machines/sign-in.machine.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { useSession } from "../session/index.ts"
import * as pages from "../../ui/page.css.ts"
import { type SignedInAnswer, signInUser, userOf } from "./auth-api.ts"
import * as css from "./auth.css.ts"
import { LevelUpStep } from "./LevelUpStep.tsx"
import { redirectToOf, siteRedirect } from "./redirect.ts"
import { revokeQuietly } from "./revoke.ts"
import { SignInForm } from "./SignInForm.tsx"
import { SignInLinks } from "./SignInLinks.tsx"

/** Sign-in that only a director passes: another user's token is revoked and the message shown. */
async function signInDirector(c: Credentials): Promise<SignedInAnswer> {
  const answer = await signInUser(c)
  if (answer.type !== "director") {
    await revokeQuietly(answer.jwt)
    throw { message: messages.auth.notDirector }
  }
  return answer
}

/**
 * /users/director/sign_in: e-mail and password (skipped when a user is signed in already), then the
 * SMS code; improve_session answers a JWT with lvl 2 that replaces the token. Then ?redirectTo= or /account.
 */
export function DirectorSignInPage() {
  const { user, level, status, login, refreshToken } = useSession()
  const [, navigate] = useLocation()
  const target = siteRedirect(redirectToOf(useSearch()))
  const [password, setPassword] = useState<string | null>(null)
  const [raised, setRaised] = useState(false)
  if (status === "authenticated" && level === "director" && !raised) return <Redirect to={target} replace />
  return (
    <div className={css.page}>
      <h1 className={pages.title}>{messages.pages.directorSignIn}</h1>
      <p className={css.note}>{messages.auth.directorLead}</p>
      {status === "restoring" ? null : user ? (
        <LevelUpStep
          knownPassword={password}
          onRaised={(a) => {
            setRaised(true)
            refreshToken(a.jwt, userOf(a))
            navigate(target)
          }}
        />
      ) : (
        <SignInForm
          signIn={signInDirector}
          onSignedIn={(answer, c) => {
            const a = answer as SignedInAnswer
            setPassword(c.password)
            login(a.jwt, userOf(a))
          }}
          footer={<SignInLinks other="user" />}
        />
      )}
    </div>
  )
}
