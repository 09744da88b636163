import type { SessionUser } from "../../../machines/session.machine.ts"
import { messages } from "../../../schemas/messages/common.ts"

/**
 * The header's user button as markup: 'Войти' for a visitor (`name` null), the user's name otherwise.
 * `data-user-button` names it in a rendered page: the server writes a signed-in visitor's page as the
 * anonymous one with this button rendered anew (src/app/personal-page.tsx).
 */
export function UserButton({ className, name, onClick }: { className: string; name: string | null; onClick?: () => void }) {
  const signedIn = name !== null
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      aria-label={signedIn ? messages.auth.userMenu(name) : undefined}
      data-testid={signedIn ? "header-user" : undefined}
      data-user-button=""
      onClick={onClick}
    >
      {name ?? messages.shell.signIn}
    </button>
  )
}

/** The name the button shows for a signed-in user. */
export const userButtonName = (user: SessionUser): string => user.fullname || user.email
