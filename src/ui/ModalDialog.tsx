import { type ReactNode, useId } from "react"
import * as dialog from "@zag-js/dialog"
import { normalizeProps, Portal, useMachine } from "@zag-js/react"
import * as css from "./dialog.css.ts"

export interface ModalProps {
  readonly open: boolean
  readonly title: string
  readonly onClose: () => void
  readonly children: ReactNode
  readonly size?: "small" | "medium"
  /**
   * How the visitor may close it (SPEC.md section 2): by the cross, by a background click, by both
   * (default) or by neither (the flow closes it itself). Escape follows the cross.
   */
  readonly closeBy?: "both" | "cross" | "background" | "none"
}

const CLOSE_LABEL = "Закрыть"

/** A modal dialog on Zag.js: focus trapped and restored, labelled by its title. */
export function Modal({ open, title, onClose, children, size = "small", closeBy = "both" }: ModalProps) {
  const cross = closeBy === "both" || closeBy === "cross"
  const background = closeBy === "both" || closeBy === "background"
  const service = useMachine(dialog.machine, {
    id: useId(),
    open,
    closeOnInteractOutside: background,
    closeOnEscape: cross,
    onOpenChange: (d) => {
      if (!d.open) onClose()
    },
  })
  const api = dialog.connect(service, normalizeProps)
  if (!api.open) return null
  return (
    <Portal>
      <div {...api.getBackdropProps()} className={css.backdrop} />
      <div {...api.getPositionerProps()} className={css.positioner}>
        <div {...api.getContentProps()} className={[css.content, css.sized[size]].join(" ")}>
          <div className={css.header}>
            <h2 {...api.getTitleProps()} className={css.title}>
              {title}
            </h2>
            {cross && (
              <button {...api.getCloseTriggerProps()} className={css.close} aria-label={CLOSE_LABEL}>
                ×
              </button>
            )}
          </div>
          {children}
        </div>
      </div>
    </Portal>
  )
}
