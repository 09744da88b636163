import type { KeyboardEvent } from "react"

/**
 * The one Enter rule of every form (SPEC.md section 4: "Pressing Enter in a form does nothing"): Enter
 * in a field submits nothing; it still works in a textarea, the editor and on buttons (a focused
 * submit button submits, a link button opens its dialog).
 */
export function swallowEnter(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key !== "Enter") return
  const t = e.target as HTMLElement
  if (t.tagName === "TEXTAREA" || t.tagName === "BUTTON" || t.isContentEditable) return
  e.preventDefault()
}
