import { type RefObject, useEffect } from "react"

/**
 * Closes a popup on a pointer press outside `root`, on Escape (focus goes back to `trigger`) and
 * when focus leaves `root` (Tab past the last item). Listens only while `open`.
 */
export function useDismiss(open: boolean, close: () => void, root: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return
      e.stopPropagation()
      close()
      trigger.current?.focus()
    }
    const onFocusOut = (e: FocusEvent) => {
      const next = e.relatedTarget as Node | null
      if (next && root.current && !root.current.contains(next)) close()
    }
    const el = root.current
    document.addEventListener("pointerdown", onPointer)
    el?.addEventListener("keydown", onKey)
    el?.addEventListener("focusout", onFocusOut)
    return () => {
      document.removeEventListener("pointerdown", onPointer)
      el?.removeEventListener("keydown", onKey)
      el?.removeEventListener("focusout", onFocusOut)
    }
  }, [open, close, root, trigger])
}
