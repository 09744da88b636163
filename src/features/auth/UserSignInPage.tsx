import { useSearch } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import * as pages from "../../ui/page.css.ts"
import { signInUser } from "./auth-api.ts"
import * as css from "./auth.css.ts"
import { redirectToOf } from "./redirect.ts"
import { SignInForm } from "./SignInForm.tsx"
import { SignInLinks, SignUpLink } from "./SignInLinks.tsx"
import { SignInWays } from "./SignInWays.tsx"
import { useSiteSignedIn } from "./use-site-sign-in.ts"

/** /users/sign_in: the user's sign-in page; after success to ?redirectTo= (same site) or /account. */
export function UserSignInPage() {
  const redirectTo = redirectToOf(useSearch())
  const onSignedIn = useSiteSignedIn(redirectTo)
  return (
    <div className={css.page}>
      <h1 className={pages.title}>{messages.pages.signIn}</h1>
      <SignInWays onSignedIn={onSignedIn} password={<SignInForm signIn={signInUser} onSignedIn={onSignedIn} footer={<SignInLinks other="director" />} />} />
      <SignUpLink redirectTo={redirectTo} />
    </div>
  )
}
