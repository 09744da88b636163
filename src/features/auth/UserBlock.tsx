import { messages } from "../../../schemas/messages.ts"
import { useModals } from "../modals/index.ts"
import { useSession } from "../session/index.ts"
import * as css from "./auth.css.ts"

/**
 * The header's user block on the site: 'Войти' (opens the sign-in modal) for a visitor, the user's
 * full name (opens the authed-user modal) when signed in; nothing while a restored token is checked.
 * `before` runs first (the burger menu closes itself).
 */
export function UserBlock({ className, before }: { className?: string; before?: () => void }) {
  const { status, user } = useSession()
  const { openSignIn, openUser } = useModals()
  if (status === "restoring") return null
  if (status === "authenticated" && user) {
    const name = user.fullname || user.email
    return (
      <button
        type="button"
        className={[css.userButton, className].filter(Boolean).join(" ")}
        aria-haspopup="dialog"
        aria-label={messages.auth.userMenu(name)}
        data-testid="header-user"
        onClick={() => {
          before?.()
          openUser()
        }}
      >
        {name}
      </button>
    )
  }
  return (
    <button
      type="button"
      className={[css.userButton, className].filter(Boolean).join(" ")}
      aria-haspopup="dialog"
      onClick={() => {
        before?.()
        openSignIn()
      }}
    >
      {messages.shell.signIn}
    </button>
  )
}
