import { useEffect, useRef, useState, type ReactNode } from "react"
import { Link, useLocation } from "wouter"
import { crmScreenMessages } from "../../../schemas/messages/crm-screen.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { CrmNav } from "../../features/crm/CrmNav.tsx"
import { useNavCollapsed } from "../../features/crm/nav-collapsed.ts"
import * as css from "../../features/crm/layout.css.ts"
import { useSession } from "../../features/session/session-context.ts"
import { Button } from "../../ui/Button.tsx"
import { ADMIN_SIGN_IN } from "../guards.ts"

const NAV_ID = "crm-nav"

/** The CRM frame: header with the admin's e-mail and 'Выйти', the fixed admin menu, the page. */
export function CrmLayout({ children }: { children: ReactNode }) {
  const { admin, logout } = useSession()
  const [, navigate] = useLocation()
  const [path] = useLocation()
  const [navOpen, setNavOpen] = useState(false)
  const [collapsed, setCollapsed] = useNavCollapsed()
  const email = admin?.email ?? ""
  // Every list and form opens at its top (a move from the bottom of a long list included); not the first load.
  const firstPath = useRef(path)
  useEffect(() => {
    if (path === firstPath.current) return
    firstPath.current = ""
    window.scrollTo(0, 0)
  }, [path])
  return (
    <div className={css.shell}>
      <header className={css.header}>
        <span className={css.headerStart}>
          <Button
            variant="secondary"
            className={css.collapseToggle}
            aria-expanded={!collapsed}
            aria-controls={NAV_ID}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? crmScreenMessages.expandMenu : crmScreenMessages.collapseMenu}
          </Button>
          <Link href="/crm" className={css.brand}>
            {messages.admin.crmTitle}
          </Link>
        </span>
        <div className={css.user}>
          <span className={css.email} data-testid="crm-admin-email">
            {email}
          </span>
          <Button
            variant="secondary"
            className={css.logout}
            onClick={() => {
              void logout().then((out) => out && navigate(ADMIN_SIGN_IN))
            }}
          >
            {messages.admin.logout}
          </Button>
        </div>
      </header>
      <div className={css.body}>
        <Button variant="secondary" className={css.navToggle} aria-expanded={navOpen} aria-controls={NAV_ID} onClick={() => setNavOpen((o) => !o)}>
          {messages.admin.menuLabel}
        </Button>
        <CrmNav id={NAV_ID} open={navOpen} collapsed={collapsed} onNavigate={() => setNavOpen(false)} />
        <main className={css.main}>{children}</main>
      </div>
    </div>
  )
}
