import { Link, useLocation } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { isGroup, menuFor, sectionOf, type AdminLink } from "./admin-menu.ts"
import { useAdminRole } from "./role.ts"
import * as css from "./layout.css.ts"

function NavItem({ link, current, onNavigate }: { link: AdminLink; current: string | undefined; onNavigate: () => void }) {
  return (
    <li>
      <Link href={link.href} className={css.navLink} onClick={onNavigate} aria-current={current === link.href ? "page" : undefined}>
        {link.label}
      </Link>
    </li>
  )
}

/** The fixed admin menu, as far as the administrator's role may open it; the section of the current page is marked aria-current. */
export function CrmNav({ id, open, collapsed, onNavigate }: { id: string; open: boolean; collapsed: boolean; onNavigate: () => void }) {
  const [path] = useLocation()
  const menu = menuFor(useAdminRole())
  const current = sectionOf(path)?.href
  return (
    <nav id={id} aria-label={messages.admin.menuLabel} className={css.nav} data-open={open} data-collapsed={collapsed}>
      <ul className={css.navList}>
        {menu.map((entry) =>
          isGroup(entry) ? (
            <li key={entry.label}>
              <span className={css.navGroupLabel} id={`${id}-${entry.label}`}>
                {entry.label}
              </span>
              <ul className={css.navList} aria-labelledby={`${id}-${entry.label}`}>
                {entry.links.map((link) => (
                  <NavItem key={link.href} link={link} current={current} onNavigate={onNavigate} />
                ))}
              </ul>
            </li>
          ) : (
            <NavItem key={entry.href} link={entry} current={current} onNavigate={onNavigate} />
          ),
        )}
      </ul>
    </nav>
  )
}
