import { useId } from "react"
import * as dialog from "@zag-js/dialog"
import { normalizeProps, Portal, useMachine } from "@zag-js/react"
import * as css from "./dialog.css.ts"
import type { ModalProps } from "./Modal.tsx"

const CLOSE_LABEL = "Закрыть"

/** The dialog of an open Modal (its own chunk: Zag's dialog loads with the first modal opened). */
export default function ModalDialog({ open, title, onClose, children, size = "small", closeBy = "both" }: ModalProps) {
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
          <div className={css.body}>{children}</div>
        </div>
      </div>
    </Portal>
  )
}
