/**
 * A hold on the browser's back and forward: the router reads the address on `popstate` too, and at
 * the window listeners run in the order they were added, so this one is added before the app renders
 * (main.tsx) and asks the current holder first. A holder that answers true keeps the router from
 * following (an unsaved CRM form asks before it is left); it must put its own address back.
 */
type Holder = (event: PopStateEvent) => boolean

let holder: Holder | null = null
let installed = false

export function installHistoryGuard(): void {
  if (installed || typeof window === "undefined") return
  installed = true
  window.addEventListener("popstate", (event) => {
    if (holder?.(event)) event.stopImmediatePropagation()
  })
}

/** Holds the history's moves while set; answers the release. */
export function holdHistory(next: Holder): () => void {
  holder = next
  return () => {
    if (holder === next) holder = null
  }
}
