import { Link } from "wouter"
import { messages } from "../../../schemas/messages.ts"
import { isGroup, menuFor } from "./admin-menu.ts"
import { useAdminRole } from "./role.ts"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"
import { TotpSettings } from "./TotpSettings.tsx"

/** /crm: the sections of the admin menu the role may open, as tiles. */
export function Dashboard() {
  const tiles = menuFor(useAdminRole()).flatMap((e) => (isGroup(e) ? e.links.map((l) => ({ ...l, group: e.label })) : [{ ...e, group: "" }]))
  return (
    <section aria-labelledby="crm-dashboard-title">
      <PageTitle title={messages.admin.dashboardTitle} />
      <h1 id="crm-dashboard-title" className={css.title}>
        {messages.admin.dashboardTitle}
      </h1>
      <p className={css.lead}>{messages.admin.dashboardLead}</p>
      <ul className={css.tiles}>
        {tiles.map((t) => (
          <li key={t.href}>
            <Link href={t.href} className={css.tile}>
              {t.group && <span className={css.tileGroup}>{t.group}</span>}
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
      <TotpSettings />
    </section>
  )
}
