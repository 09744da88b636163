import { useMachine } from "@xstate/react"
import { useEffect, useRef } from "react"
import { Link } from "wouter"
import { cookieConsentMachine } from "../../../machines/cookie-consent.machine.ts"
import { COOKIE_CONSENT_DAYS } from "../../../schemas/constants.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { readCookie, writeCookie } from "../../api/cookies.ts"
import { Button } from "../../ui/Button.tsx"
import * as css from "./notices.css.ts"

/** Cookie `cookie_agreement=1` (365 days) records the visitor's acceptance. */
export const CONSENT_COOKIE = "cookie_agreement"

const machine = cookieConsentMachine.provide({
  actions: { storeConsent: () => writeCookie(CONSENT_COOKIE, "1", COOKIE_CONSENT_DAYS) },
})

/**
 * Keeps the room the notice takes (its height and offset) in a custom property of the page while it is shown: the
 * page's scroll padding reads it, so focus and scrolling bring a control above the notice.
 */
function useReservedRoom(shown: boolean) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!shown || !el || typeof ResizeObserver === "undefined") return
    const root = document.documentElement
    // Its height, its distance from the viewport's bottom and a gap of the same size above it.
    const measure = () => root.style.setProperty(css.COOKIE_NOTICE_HEIGHT, `${Math.ceil(el.offsetHeight + 2 * (parseFloat(getComputedStyle(el).bottom) || 0))}px`)
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    measure()
    return () => {
      observer.disconnect()
      root.style.removeProperty(css.COOKIE_NOTICE_HEIGHT)
    }
  }, [shown])
  return ref
}

/**
 * The cookie notice, shown until accepted: at the bottom of the viewport but in the page's flow (see
 * notices.css.ts), so it never lies over a form's last controls; an open modal's backdrop covers it.
 */
export function CookieNotice() {
  const [state, send] = useMachine(machine, { input: { accepted: readCookie(CONSENT_COOKIE) === "1" } })
  const shown = state.matches("shown")
  const ref = useReservedRoom(shown)
  if (!shown) return null
  return (
    <section ref={ref} className={css.cookie} aria-label={messages.shell.cookieNotice} data-cookie-notice="">
      <p className={css.cookieText}>
        {messages.shell.cookie} <Link href="/cookiepolicy">{messages.shell.cookieLink}</Link>.
      </p>
      <Button onClick={() => send({ type: "ACCEPT" })}>{messages.shell.cookieAccept}</Button>
    </section>
  )
}
