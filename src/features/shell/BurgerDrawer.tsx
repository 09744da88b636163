import * as dialog from "@zag-js/dialog"
import { normalizeProps, Portal, useMachine } from "@zag-js/react"
import { type ReactNode, useId } from "react"
import { messages } from "../../../schemas/messages.ts"
import * as css from "./burger.css.ts"
import type { MenuNode } from "./menu.ts"
import { NavLink } from "./NavLink.tsx"

/** The narrow-screen menu: a modal drawer (Zag dialog) with the whole server menu and the contacts. */
export function BurgerMenu({ items, extras }: { items: readonly MenuNode[]; extras: (close: () => void) => ReactNode }) {
  const service = useMachine(dialog.machine, { id: useId() })
  const api = dialog.connect(service, normalizeProps)
  const close = () => api.setOpen(false)
  return (
    <>
      <button {...api.getTriggerProps()} className={css.trigger} aria-label={messages.shell.openMenu}>
        <span className={css.bar} />
        <span className={css.bar} />
        <span className={css.bar} />
      </button>
      {api.open && (
        <Portal>
          <div {...api.getBackdropProps()} className={css.backdrop} />
          <div {...api.getPositionerProps()} className={css.positioner}>
            <div {...api.getContentProps()} className={css.content}>
              <div className={css.top}>
                <h2 {...api.getTitleProps()} className={css.title}>
                  {messages.shell.menuTitle}
                </h2>
                <button {...api.getCloseTriggerProps()} className={css.close} aria-label={messages.shell.closeMenu}>
                  ×
                </button>
              </div>
              <nav aria-label={messages.shell.mainMenu}>
                <ul className={css.list}>
                  {items.map((item) => (
                    <li key={item.id}>
                      <NavLink href={item.url} className={css.link} onClick={close}>
                        {item.name}
                      </NavLink>
                      {item.children.length > 0 && (
                        <ul className={css.sublist}>
                          {item.children.map((c) => (
                            <li key={c.id}>
                              <NavLink href={c.url} className={css.sublink} onClick={close}>
                                {c.name}
                              </NavLink>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              </nav>
              <div className={css.extras}>{extras(close)}</div>
            </div>
          </div>
        </Portal>
      )}
    </>
  )
}
