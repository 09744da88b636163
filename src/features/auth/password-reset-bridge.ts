/**
 * Opens the password-reset modal 'Сброс пароля' from anywhere (the sign-in modal's 'Забыли пароль?'):
 * module-level listeners; the reset modal registers itself with onOpenPasswordReset.
 */
export interface OpenPasswordResetOptions {
  /** Prefills the e-mail field. */
  readonly email?: string
}

type Listener = (options: OpenPasswordResetOptions) => void

const listeners = new Set<Listener>()

export function onOpenPasswordReset(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Opens the reset modal; answers false when none is registered. */
export function openPasswordReset(options: OpenPasswordResetOptions = {}): boolean {
  for (const l of listeners) l(options)
  return listeners.size > 0
}
