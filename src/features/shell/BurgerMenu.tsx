import { lazy, type ReactNode, Suspense, useState } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import * as css from "./burger.css.ts"
import type { MenuNode } from "./menu.ts"

/** The drawer and Zag's dialog load with the first opening, not with the page. */
const BurgerDrawer = lazy(() => import("./BurgerDrawer.tsx"))

/** The narrow-screen menu: its trigger, and the drawer with the whole server menu once opened. */
export function BurgerMenu({ items, extras }: { items: readonly MenuNode[]; extras: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={css.trigger}
        aria-label={messages.shell.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className={css.bar} />
        <span className={css.bar} />
        <span className={css.bar} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <BurgerDrawer items={items} extras={extras} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
