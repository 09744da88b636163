import { Link, useLocation } from "wouter"
import { accountMessages, afterPaymentMessages as t } from "../../../schemas/messages/account.ts"
import { certificateMessages } from "../../../schemas/messages/certificates.ts"
import { EPOA_TITLES } from "../../../schemas/messages/epoa-titles.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { Button } from "../../ui/Button.tsx"
import { useSession } from "../session/index.ts"
import * as css from "./account.css.ts"

interface Section {
  readonly href: string
  readonly label: string
  /** The addresses the section holds: the link is the current page there. */
  readonly holds: (path: string) => boolean
}

const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`)

/** Every customer's sections, then the director's (their pages answer others 403). */
const SECTIONS: readonly Section[] = [
  { href: "/account", label: accountMessages.ordersTitle, holds: (p) => p === "/account" || p.startsWith("/account/orders/") },
  { href: "/account/certificates", label: certificateMessages.title, holds: (p) => under("/account/certificates")(p) || p.startsWith("/mydss/") || p === "/certificate/binding" },
]
const DIRECTOR_SECTIONS: readonly Section[] = [
  { href: "/account/legal_person", label: messages.access.legalPersonsLink, holds: under("/account/legal_person") },
  { href: "/account/representative", label: messages.access.representatives, holds: under("/account/representative") },
  { href: "/account/epoas", label: EPOA_TITLES.account, holds: under("/account/epoas") },
]

/**
 * The account's own navigation, above every signed-in account page (the route table's pages with a
 * user access rule): 'Мои заявки', 'Сертификаты', for a director the organisations, representatives and
 * МЧД; then 'Выйти', the header's sign-out (the session's logout, then the home page).
 */
export function AccountNav() {
  const { user, logout } = useSession()
  const [path, navigate] = useLocation()
  if (!user) return null
  const sections = user.type === "director" ? [...SECTIONS, ...DIRECTOR_SECTIONS] : SECTIONS
  return (
    <nav className={css.nav} aria-label={t.navLabel}>
      <ul className={css.navList}>
        {sections.map((s) => (
          <li key={s.href}>
            <Link href={s.href} className={css.navLink} aria-current={s.holds(path) ? "page" : undefined}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => void logout().then((out) => out && navigate("/"))}>
        {messages.auth.logout}
      </Button>
    </nav>
  )
}
