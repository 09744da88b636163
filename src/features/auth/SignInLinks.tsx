import { Link } from "wouter"
import { messages } from "../../../schemas/messages.ts"
import { openPasswordReset } from "./password-reset-bridge.ts"
import * as css from "./auth.css.ts"

const t = messages.auth

/** 'Забыли пароль?' (the reset modal) and a link to the other sign-in page. */
export function SignInLinks({ other, onLeave }: { other: "director" | "user"; onLeave?: () => void }) {
  return (
    <>
      <button
        type="button"
        className={css.linkButton}
        onClick={() => {
          onLeave?.()
          openPasswordReset()
        }}
      >
        {t.forgot}
      </button>
      <Link href={other === "director" ? "/users/director/sign_in" : "/users/sign_in"} className={css.link} onClick={onLeave}>
        {other === "director" ? t.directorLink : t.userLink}
      </Link>
    </>
  )
}
