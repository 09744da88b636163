import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from "react"
import { navigate } from "wouter/use-browser-location"

/**
 * The address the app renders, moved in a React transition. wouter's own browser hook reads the
 * address through useSyncExternalStore, whose updates are never transitions: a move to a page whose
 * code or data is still loading suspended at once and React swapped the page for its Suspense
 * fallback, leaving `main` empty. Read here, the address changes in a transition, so React keeps the
 * old page on screen until the next one is ready (the loading bar runs meanwhile: route-cache.ts).
 * One listener for the whole app: every useLocation and useSearch reads this context.
 */
interface Address {
  readonly path: string
  readonly search: string
}

const AddressContext = createContext<Address | null>(null)

/** wouter's patched history dispatches pushState and replaceState (use-browser-location.js). */
const EVENTS = ["popstate", "pushState", "replaceState", "hashchange"] as const

const current = (): Address => ({ path: location.pathname, search: location.search })

export function TransitionLocation({ children }: { children: ReactNode }) {
  const [address, setAddress] = useState(current)
  useEffect(() => {
    // Added after main.tsx's history guard: a popstate it holds never reaches this listener.
    const update = () => {
      const next = current()
      startTransition(() => setAddress((a) => (a.path === next.path && a.search === next.search ? a : next)))
    }
    for (const e of EVENTS) addEventListener(e, update)
    update()
    return () => {
      for (const e of EVENTS) removeEventListener(e, update)
    }
  }, [])
  return <AddressContext value={address}>{children}</AddressContext>
}

const useAddress = (): Address => {
  const address = useContext(AddressContext)
  if (!address) throw new Error("TransitionLocation is missing")
  return address
}

/** wouter's `hook` for the browser: the transitioned path, and wouter's own navigate. */
export const useTransitionLocation = (): [string, typeof navigate] => [useAddress().path, navigate]

/** wouter's `searchHook` for the browser, moving with the path. */
export const useTransitionSearch = (): string => useAddress().search
