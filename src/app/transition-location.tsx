import { createContext, type ReactNode, startTransition, useContext, useEffect, useLayoutEffect, useState } from "react"
import { navigate as writeHistory } from "wouter/use-browser-location"

/**
 * The address the app renders, moved in a React transition. wouter's own browser hook reads the
 * address through useSyncExternalStore, whose updates are never transitions: a move to a page whose
 * code or data is still loading suspended at once and React swapped the page for its Suspense
 * fallback, leaving `main` empty. Read here, the address changes in a transition, so React keeps the
 * old page on screen until the next one is ready (the loading bar runs meanwhile: route-cache.ts).
 *
 * A move the app makes (a link, `navigate`) writes the address bar only once the next page is on
 * screen, as data routers do: the address always names the page shown, and what reads it (a test, a
 * copied link, the back button) never meets the old page under the new address. The browser's own
 * back and forward have already moved the bar; the page follows in the same transition.
 * One listener for the whole app: every useLocation and useSearch reads this context.
 */
interface Address {
  readonly path: string
  readonly search: string
}

interface NavigateOptions {
  readonly replace?: boolean
  readonly state?: unknown
}

/** What is rendered, and the history entry to write once it is on screen. */
interface View {
  readonly address: Address
  readonly write?: { readonly to: string; readonly options: NavigateOptions }
}

const AddressContext = createContext<Address | null>(null)

/** wouter's patched history dispatches pushState and replaceState (use-browser-location.js). */
const EVENTS = ["popstate", "pushState", "replaceState", "hashchange"] as const

const current = (): Address => ({ path: location.pathname, search: location.search })
const same = (a: Address, b: Address) => a.path === b.path && a.search === b.search
const addressOf = (to: string): Address => {
  const url = new URL(to, location.href)
  return { path: url.pathname, search: url.search }
}

/** The mounted app's move, or none (before it mounts the history is written at once). */
let move: ((to: string, options: NavigateOptions) => void) | null = null

/**
 * Set while the app writes the entry of a page it has already rendered: wouter's patched history
 * echoes the write as an event, which must not move the app back to that page when a later move (a
 * redirect from the page just shown) is already on its way.
 */
let echo = false
const writeShown = (to: string, options: NavigateOptions) => {
  echo = true
  try {
    writeHistory(to, options)
  } finally {
    echo = false
  }
}

/** Moves the app to `to`; the address bar follows once the page is shown. */
export const navigate = (to: string, options: NavigateOptions = {}): void => {
  if (move) move(to, options)
  else writeHistory(to, options)
}

export function TransitionLocation({ children }: { children: ReactNode }) {
  const [view, setView] = useState<View>(() => ({ address: current() }))
  useEffect(() => {
    // Added after main.tsx's history guard: a popstate it holds never reaches this listener.
    const update = () => {
      if (echo) return
      const next = current()
      startTransition(() => setView((v) => (same(v.address, next) ? v : { address: next })))
    }
    move = (to, options) => {
      const next = addressOf(to)
      // Nothing to render (a fragment, the same page): the history is written at once.
      if (same(next, current())) return writeHistory(to, options)
      startTransition(() => setView({ address: next, write: { to, options } }))
    }
    for (const e of EVENTS) addEventListener(e, update)
    update()
    return () => {
      move = null
      for (const e of EVENTS) removeEventListener(e, update)
    }
  }, [])
  // Runs when the transition commits, i.e. when the next page is on screen.
  useLayoutEffect(() => {
    if (view.write && !same(view.address, current())) writeShown(view.write.to, view.write.options)
  }, [view])
  return <AddressContext value={view.address}>{children}</AddressContext>
}

const useAddress = (): Address => {
  const address = useContext(AddressContext)
  if (!address) throw new Error("TransitionLocation is missing")
  return address
}

/** wouter's `hook` for the browser: the transitioned path, and the move that writes the history once shown. */
export const useTransitionLocation = (): [string, typeof navigate] => [useAddress().path, navigate]

/** wouter's `searchHook` for the browser, moving with the path. */
export const useTransitionSearch = (): string => useAddress().search
