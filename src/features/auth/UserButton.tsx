import type { SessionUser } from "../../../machines/session.machine.ts"
import { messages } from "../../../schemas/messages.ts"

/**
 * The header's user button as markup: 'Войти' for a visitor (`name` null), the user's name otherwise.
 * `data-user-button` names it in a rendered page: the server writes a signed-in visitor's page as the
 * anonymous one with this button rendered anew (src/app/personal-page.tsx).
 */
export function UserButton({ className, name, onClick }: { className: string; name: string | null; onClick?: () => void }) {
  if (name !== null) {
    return (
      <button type="button" className={className} aria-haspopup="dialog" aria-label={messages.auth.userMenu(name)} data-testid="header-user" data-user-button="" onClick={onClick}>
        {name}
      </button>
    )
  }
  return (
    <button type="button" className={className} aria-haspopup="dialog" data-user-button="" onClick={onClick}>
      {messages.shell.signIn}
    </button>
  )
}

/** The name the button shows for a signed-in user. */
export const userButtonName = (user: SessionUser): string => user.fullname || user.email
