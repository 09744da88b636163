import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { allows, ORDER_ROLES } from "../../../schemas/roles.ts"
import { isGroup, menuFor } from "./admin-menu.ts"
import { OrderQueues } from "./OrderQueues.tsx"
import { useAdminRole } from "./role.ts"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"
import { TotpSettings } from "./TotpSettings.tsx"

/** /crm: the operator's order queues (roles that see orders), then the sections of the admin menu the role may open, as tiles. */
export function Dashboard() {
  const role = useAdminRole()
  const tiles = menuFor(role).flatMap((e) => (isGroup(e) ? e.links.map((l) => ({ ...l, group: e.label })) : [{ ...e, group: "" }]))
  return (
    <section aria-labelledby="crm-dashboard-title">
      <PageTitle title={messages.admin.dashboardTitle} />
      <h1 id="crm-dashboard-title" className={css.title}>
        {messages.admin.dashboardTitle}
      </h1>
      <p className={css.lead}>{messages.admin.dashboardLead}</p>
      {allows(ORDER_ROLES, role) && <OrderQueues />}
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
