/**
 * A 401 of the API for a call that carried a bearer token: the session listens (SessionRoot) and
 * clears itself when the refused token is its own. Module-level listeners, nothing at import time.
 */
type Listener = (token: string) => void

const listeners = new Set<Listener>()

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function reportUnauthorized(token: string | null): void {
  if (!token) return
  for (const l of listeners) l(token)
}
