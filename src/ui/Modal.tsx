import { lazy, type ReactNode, Suspense } from "react"

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

/** Zag's dialog loads with the first modal opened, not with the page. */
const ModalDialog = lazy(() => import("./ModalDialog.tsx"))

/** A modal dialog on Zag.js: focus trapped and restored, labelled by its title; nothing while closed. */
export function Modal(props: ModalProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  )
}
