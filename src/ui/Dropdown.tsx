import { type ReactNode, useCallback, useId, useRef, useState } from "react"
import * as css from "./dropdown.css.ts"
import { useDismiss } from "./useDismiss.ts"

export interface DropdownProps {
  /** What the trigger button shows. */
  readonly label: ReactNode
  /** Accessible name of the trigger when `label` alone is not enough. */
  readonly ariaLabel?: string
  readonly className?: string
  readonly triggerClassName?: string
  /** `end` aligns the panel to the trigger's right edge. */
  readonly align?: "start" | "end"
  /** The panel's items; `close` hides the panel (call it after a pick). */
  readonly children: (close: () => void) => ReactNode
}

/**
 * A disclosure dropdown for navigation: a button with aria-expanded controlling a list of links.
 * Opens by click, Enter, Space or ArrowDown; closes on Escape, an outside click, Tab out or a pick.
 */
export function Dropdown({ label, ariaLabel, className, triggerClassName, align = "start", children }: DropdownProps) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, root, trigger)

  const focusFirst = () => requestAnimationFrame(() => root.current?.querySelector<HTMLElement>("[data-dropdown-panel] a, [data-dropdown-panel] button")?.focus())

  return (
    <div ref={root} className={[css.root, className].filter(Boolean).join(" ")}>
      <button
        ref={trigger}
        type="button"
        className={[css.trigger, triggerClassName].filter(Boolean).join(" ")}
        aria-expanded={open}
        aria-controls={id}
        {...(ariaLabel ? { "aria-label": ariaLabel } : {})}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault()
            setOpen(true)
            focusFirst()
          }
        }}
      >
        {label}
        <span className={css.chevron} aria-hidden="true" />
      </button>
      <ul
        id={id}
        data-dropdown-panel=""
        className={align === "end" ? `${css.panel} ${css.panelEnd}` : css.panel}
        hidden={!open}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return
          const items = [...e.currentTarget.querySelectorAll<HTMLElement>("a, button")]
          const at = items.indexOf(document.activeElement as HTMLElement)
          const next = items[(at + (e.key === "ArrowDown" ? 1 : -1) + items.length) % items.length]
          if (next) {
            e.preventDefault()
            next.focus()
          }
        }}
      >
        {children(close)}
      </ul>
    </div>
  )
}

export const dropdownItemClass = css.item
