import type { KeyboardEvent } from "react"

/** SPEC.md section 4: pressing Enter in a form does nothing; the submit button submits. */
export function ignoreEnter(e: KeyboardEvent<HTMLFormElement>): void {
  const target = e.target as HTMLElement
  if (e.key === "Enter" && target.tagName === "INPUT" && (target as HTMLInputElement).type !== "submit") e.preventDefault()
}
