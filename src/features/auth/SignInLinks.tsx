import { Link } from "wouter"
import { messages } from "../../../schemas/messages.ts"
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
