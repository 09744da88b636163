import { Link } from "wouter"
import { crmScreenMessages as t } from "../../../schemas/messages/crm-screen.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { buttonClass } from "../../ui/Button.tsx"
import * as pageCss from "../../ui/page.css.ts"
import { documentTitle } from "../../ui/page-title.ts"
import { isGroup, menuFor } from "./admin-menu.ts"
import * as css from "./page.css.ts"
import { useAdminRole } from "./role.ts"

const e = messages.errors

/**
 * An error inside the CRM (a section outside the role, a record that does not exist): in the CRM's
 * frame, with the way back to its start page and the sections this role opens, not the site's links.
 */
export function CrmErrorPage({ status }: { status: number }) {
  const role = useAdminRole()
  const forbidden = status === 403
  const title = forbidden ? t.forbiddenTitle : status === 404 ? e.notFound : e.other
  const lead = forbidden ? t.forbiddenLead : status === 404 ? e.notFoundLead : e.otherLead
  const sections = menuFor(role)
    .flatMap((entry) => (isGroup(entry) ? entry.links : [entry]))
    .filter((l) => l.href !== "/crm")
    .slice(0, 8)
  return (
    <section aria-labelledby="crm-error-title">
      <title>{documentTitle(title)}</title>
      <p className={pageCss.status}>{e.code(status)}</p>
      <h1 id="crm-error-title" className={css.title}>
        {title}
      </h1>
      <p className={css.lead}>{lead}</p>
      <p>
        <Link href="/crm" className={buttonClass("primary")}>
          {t.toDashboard}
        </Link>
      </p>
      {sections.length > 0 && (
        <>
          <h2 className={pageCss.sectionTitle}>{t.availableSections}</h2>
          <ul className={css.chipList}>
            {sections.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className={css.chip}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
