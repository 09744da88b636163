import { type ReactNode, Suspense, useSyncExternalStore } from "react"

const never = () => () => {}

/**
 * Renders its children only in the browser, after hydration (the server and the hydrating render show
 * `fallback`, then React renders again with the browser's answer): for the lazily loaded forms of the
 * content pages, which carry the form engine and so stay out of the page's first load.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const browser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
  return browser ? <Suspense fallback={fallback}>{children}</Suspense> : fallback
}
