/**
 * A 401 of the API that names the session (`WWW-Authenticate: Bearer error="invalid_token"`: the
 * server refused the session's cookie and removed it): the session listens (SessionRoot) and ends.
 * A wrong password's 401 names no session. Module-level listeners, nothing at import time.
 */
type Listener = () => void

const listeners = new Set<Listener>()

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether a 401's `WWW-Authenticate` says the session it carried is over. */
export const endsSession = (challenge: string | null): boolean => /invalid_token/.test(challenge ?? "")

export function reportUnauthorized(): void {
  for (const l of listeners) l()
}
