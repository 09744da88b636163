import { useModals } from "../modals/index.ts"
import { useSession } from "../session/index.ts"
import * as css from "./auth.css.ts"
import { UserButton, userButtonName } from "./UserButton.tsx"

/**
 * The header's user block on the site: 'Войти' (opens the sign-in modal) for a visitor, the user's
 * full name (opens the authed-user modal) when signed in; nothing while a restored token is checked.
 * `before` runs first (the burger menu closes itself).
 */
export function UserBlock({ className, before }: { className?: string; before?: () => void }) {
  const { status, user } = useSession()
  const { openSignIn, openUser } = useModals()
  if (status === "restoring") return null
  const signedIn = status === "authenticated" && user
  return (
    <UserButton
      className={[css.userButton, className].filter(Boolean).join(" ")}
      name={signedIn ? userButtonName(user) : null}
      onClick={() => {
        before?.()
        if (signedIn) openUser()
        else openSignIn()
      }}
    />
  )
}
