import { Link } from "wouter"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import * as pageCss from "../../ui/page.css.ts"
import { EPOA_PATHS } from "./paths.ts"
import * as css from "./epoa.css.ts"

const t = epoaMessages.pages
const SERVICES = [
  { href: EPOA_PATHS.principal, title: t.principal, text: t.principalLead },
  { href: EPOA_PATHS.representative, title: t.representative, text: t.representativeLead },
  { href: EPOA_PATHS.model, title: t.model, text: t.modelLead },
  { href: EPOA_PATHS.revoked, title: t.revoked, text: t.revokedLead },
] as const

/** /epoa: the registry's four services. */
export function EpoaHubPage() {
  return (
    <div className={css.page}>
      <h1 className={pageCss.title}>{t.hub}</h1>
      <p className={pageCss.lead}>{t.hubLead}</p>
      <ul className={css.hub}>
        {SERVICES.map((s) => (
          <li key={s.href}>
            <Link href={s.href} className={css.hubLink}>
              <span className={css.hubTitle}>{s.title}</span>
              <span className={css.muted}>{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
