import { Suspense, useEffect, useState } from "react"
import { messages } from "../../../schemas/messages.ts"
import { lazyWithReload } from "../../app/lazy.ts"
import { Modal } from "../../ui/Modal.tsx"
import { onOpenSignIn } from "../session/sign-in-bridge.ts"
import { signInUser } from "./auth-api.ts"
import { SignInLinks } from "./SignInLinks.tsx"
import { useSiteSignedIn } from "./use-site-sign-in.ts"

/** The form (and the validation library it brings) loads on the first opening, not with the page. */
const SignInForm = lazyWithReload(() => import("./SignInForm.tsx").then((m) => ({ default: m.SignInForm })))

/** The sign-in modal 'Вход в личный кабинет' (small), opened by openSignIn() from anywhere on the site. */
export function SignInModal() {
  const [state, setState] = useState<{ open: boolean; redirectTo: string | null; n: number }>({ open: false, redirectTo: null, n: 0 })
  useEffect(() => onOpenSignIn(({ redirectTo }) => setState((s) => ({ open: true, redirectTo: redirectTo ?? null, n: s.n + 1 }))), [])
  const close = () => setState((s) => ({ ...s, open: false }))
  const onSignedIn = useSiteSignedIn(state.redirectTo, close)
  return (
    <Modal open={state.open} title={messages.auth.modalTitle} onClose={close} size="small">
      <Suspense fallback={<p role="status">{messages.admin.loading}</p>}>
        <SignInForm key={state.n} signIn={signInUser} onSignedIn={onSignedIn} onLeave={close} footer={<SignInLinks other="director" onLeave={close} />} />
      </Suspense>
    </Modal>
  )
}
