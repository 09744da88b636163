import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { signUpMessages } from "../../../schemas/messages/sign-up.ts"
import * as css from "./auth.css.ts"

const t = messages.auth

/** The link to the other sign-in page ('Забыли пароль?' is the preset's own button). */
export function SignInLinks({ other, onLeave }: { other: "director" | "user"; onLeave?: () => void }) {
  return (
    <Link href={other === "director" ? "/users/director/sign_in" : "/users/sign_in"} className={css.link} onClick={onLeave}>
      {other === "director" ? t.directorLink : t.userLink}
    </Link>
  )
}

/** «Нет личного кабинета? Зарегистрироваться», back to `redirectTo` after the confirmation. */
export function SignUpLink({ redirectTo, onLeave }: { redirectTo: string | null; onLeave?: () => void }) {
  const href = redirectTo ? `/users/sign_up?redirectTo=${encodeURIComponent(redirectTo)}` : "/users/sign_up"
  return (
    <p className={css.note}>
      {signUpMessages.noAccount}{" "}
      <Link href={href} className={css.link} onClick={onLeave}>
        {messages.access.signUp}
      </Link>
    </p>
  )
}
