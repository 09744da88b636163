import { type ReactNode, useId } from "react"
import * as dialog from "@zag-js/dialog"
import { normalizeProps, Portal, useMachine } from "@zag-js/react"
import { Button } from "./Button.tsx"
import * as css from "./dialog.css.ts"

export interface ConfirmDialogProps {
  readonly open: boolean
  readonly title: string
  readonly description: string
  readonly confirmLabel: string
  readonly cancelLabel: string
  /** While the action runs the buttons are disabled. */
  readonly busy?: boolean | undefined
  readonly onConfirm: () => void
  readonly onCancel: () => void
  /** What the confirmation asks besides yes or no (a reason, a payment's details), between the question and the buttons. */
  readonly children?: ReactNode
}

/** A confirmation as an alert dialog (Zag.js): focus trapped, Escape and the backdrop cancel. */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, busy, onConfirm, onCancel, children }: ConfirmDialogProps) {
  const props: dialog.Props = {
    id: useId(),
    role: "alertdialog",
    open,
    onOpenChange: (d) => {
      if (!d.open && !busy) onCancel()
    },
  }
  const service = useMachine(dialog.machine, props)
  const api = dialog.connect(service, normalizeProps)
  if (!api.open) return null
  return (
    <Portal>
      <div {...api.getBackdropProps()} className={css.backdrop} />
      <div {...api.getPositionerProps()} className={css.positioner}>
        <div {...api.getContentProps()} className={css.content}>
          <h2 {...api.getTitleProps()} className={css.title}>
            {title}
          </h2>
          <p {...api.getDescriptionProps()} className={css.description}>
            {description}
          </p>
          {children}
          <div className={css.actions}>
            <Button variant="secondary" disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button variant="danger" disabled={busy} aria-busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </div>
    </Portal>
  )
}
