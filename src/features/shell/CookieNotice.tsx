import { useMachine } from "@xstate/react"
import { Link } from "wouter"
import { cookieConsentMachine } from "../../../machines/cookie-consent.machine.ts"
import { COOKIE_CONSENT_DAYS } from "../../../schemas/constants.ts"
import { messages } from "../../../schemas/messages.ts"
import { readCookie, writeCookie } from "../../api/cookies.ts"
import { Button } from "../../ui/Button.tsx"
import * as css from "./notices.css.ts"

/** Cookie `cookie_agreement=1` (365 days) records the visitor's acceptance. */
export const CONSENT_COOKIE = "cookie_agreement"

const machine = cookieConsentMachine.provide({
  actions: { storeConsent: () => writeCookie(CONSENT_COOKIE, "1", COOKIE_CONSENT_DAYS) },
})

/** The cookie notice, shown until accepted. */
export function CookieNotice() {
  const [state, send] = useMachine(machine, { input: { accepted: readCookie(CONSENT_COOKIE) === "1" } })
  if (!state.matches("shown")) return null
  return (
    <section className={css.cookie} aria-label={messages.shell.cookieNotice} data-cookie-notice="">
      <p className={css.cookieText}>
        {messages.shell.cookie} <Link href="/cookiepolicy">{messages.shell.cookieLink}</Link>.
      </p>
      <Button onClick={() => send({ type: "ACCEPT" })}>{messages.shell.cookieAccept}</Button>
    </section>
  )
}
