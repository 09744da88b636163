/**
 * Opens the sign-in modal 'Вход в личный кабинет' from anywhere (a guard, a button): module-level
 * listeners; the modal host in the site header registers itself. Nothing runs at import time.
 */
export interface OpenSignInOptions {
  /** A same-site path to go to after signing in (else the account page). */
  readonly redirectTo?: string
}

type Listener = (options: OpenSignInOptions) => void

const listeners = new Set<Listener>()

export function onOpenSignIn(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Opens the sign-in modal; answers false when no host is mounted (e.g. in the CRM). */
export function openSignIn(options: OpenSignInOptions = {}): boolean {
  for (const l of listeners) l(options)
  return listeners.size > 0
}
