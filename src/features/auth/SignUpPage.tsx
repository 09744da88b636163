import { Link, useSearch } from "wouter"
import { signUpMessages as t } from "../../../schemas/messages/sign-up.ts"
import * as pages from "../../ui/page.css.ts"
import * as css from "./auth.css.ts"
import { redirectToOf, siteRedirect } from "./redirect.ts"
import { SignUpForm } from "./SignUpForm.tsx"

/** /users/sign_up: a visitor's own account; after the confirmation back to ?redirectTo= (same site) or /account. */
export function SignUpPage() {
  const redirectTo = redirectToOf(useSearch())
  const back = siteRedirect(redirectTo)
  const signIn = redirectTo ? `/users/sign_in?redirectTo=${encodeURIComponent(back)}` : "/users/sign_in"
  return (
    <div className={css.page}>
      <h1 className={pages.title}>{t.title}</h1>
      <p className={css.note}>{t.lead}</p>
      <SignUpForm returnTo={back} label={t.title} />
      <p className={css.note}>
        {t.haveAccount} <Link href={signIn}>{t.signIn}</Link>
      </p>
    </div>
  )
}
