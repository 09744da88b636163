import { messages } from "../../../schemas/messages/common.ts"
import { Dropdown, dropdownItemClass } from "../../ui/Dropdown.tsx"
import type { MenuNode } from "./menu.ts"
import * as css from "./nav.css.ts"
import { NavLink } from "./NavLink.tsx"

/** The children of an item, led by the item itself when none of them points to the same address. */
export const submenuOf = (item: MenuNode): readonly MenuNode[] =>
  item.children.some((c) => c.url === item.url) ? item.children : [{ ...item, children: [] }, ...item.children]

/** The server's header menu on wide screens: items with children open a dropdown submenu. */
export function HeaderNav({ items }: { items: readonly MenuNode[] }) {
  if (items.length === 0) return null
  return (
    <nav aria-label={messages.shell.mainMenu} className={css.nav}>
      <ul className={css.list}>
        {items.map((item, i) => (
          <li key={item.id}>
            {item.children.length === 0 ? (
              <NavLink href={item.url} className={css.link}>
                {item.name}
              </NavLink>
            ) : (
              <Dropdown label={item.name} triggerClassName={css.submenuTrigger} align={i >= items.length / 2 ? "end" : "start"}>
                {(close) =>
                  submenuOf(item).map((child) => (
                    <li key={child.id}>
                      <NavLink href={child.url} className={dropdownItemClass} onClick={close}>
                        {child.name}
                      </NavLink>
                    </li>
                  ))
                }
              </Dropdown>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
