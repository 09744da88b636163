import * as dialog from "@zag-js/dialog"
import { normalizeProps, Portal, useMachine } from "@zag-js/react"
import { type ReactNode, useId } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import * as css from "./burger.css.ts"
import type { MenuNode } from "./menu.ts"
import { NavLink } from "./NavLink.tsx"

export interface BurgerDrawerProps {
  readonly items: readonly MenuNode[]
  readonly extras: (close: () => void) => ReactNode
  readonly onClose: () => void
}

/**
 * The open burger menu: a modal drawer (Zag dialog) with the whole server menu and the contacts. Its
 * own chunk, loaded with the first opening; closing it unmounts it and focus goes back to the trigger.
 */
export default function BurgerDrawer({ items, extras, onClose }: BurgerDrawerProps) {
  const service = useMachine(dialog.machine, {
    id: useId(),
    open: true,
    onOpenChange: (d) => {
      if (!d.open) onClose()
    },
  })
  const api = dialog.connect(service, normalizeProps)
  const close = () => api.setOpen(false)
  return (
    <>
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
