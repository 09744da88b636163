import { type ReactNode, Suspense, useState } from "react"
import type { Credentials } from "../../../machines/sign-in.machine.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import * as css from "./auth.css.ts"

/** The sign-in by certificate (the signer feature: plug-in, challenge, code word) loads when chosen. */
const CertSignInForm = lazyWithReload(() => import("../signer/index.ts").then((m) => ({ default: m.CertSignInForm })))

const t = messages.auth

/**
 * The two ways of the user's sign-in: the password form, or 'Войти по сертификату'
 * (auth_cert_frm, then the code word), both ending in the same `onSignedIn`.
 */
export function SignInWays({ password, onSignedIn }: { password: ReactNode; onSignedIn: (answer: unknown, c: Credentials) => void }) {
  const [byCertificate, setByCertificate] = useState(false)
  return (
    <>
      {byCertificate ? (
        <Suspense fallback={<p role="status">{messages.admin.loading}</p>}>
          <CertSignInForm onSignedIn={onSignedIn} />
        </Suspense>
      ) : (
        password
      )}
      <button type="button" className={css.linkButton} onClick={() => setByCertificate((v) => !v)}>
        {byCertificate ? t.byPassword : t.byCertificate}
      </button>
    </>
  )
}
