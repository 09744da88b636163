import { Suspense } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { Modal } from "../../ui/Modal.tsx"
import { useModal, useModalActors } from "../modals/index.ts"
import { signInUser } from "./auth-api.ts"
import { SignInLinks, SignUpLink } from "./SignInLinks.tsx"
import { SignInWays } from "./SignInWays.tsx"
import { useSiteSignedIn } from "./use-site-sign-in.ts"

/** The form (and the validation library it brings) loads on the first opening, not with the page. */
const SignInForm = lazyWithReload(() => import("./SignInForm.tsx").then((m) => ({ default: m.SignInForm })))

/** The page the modal was opened on: the sign-up leads back to it. */
const here = () => (typeof window === "undefined" ? null : window.location.pathname + window.location.search)

/** The sign-in modal 'Вход в личный кабинет' (small), opened by `useModals().openSignIn` from anywhere on the site. */
export default function SignInModal() {
  const { open, params, close } = useModal(useModalActors().signIn)
  const onSignedIn = useSiteSignedIn(params.redirectTo ?? null, close)
  return (
    <Modal open={open} title={messages.auth.modalTitle} onClose={close} size="small">
      <Suspense fallback={<p role="status">{messages.admin.loading}</p>}>
        <SignInWays onSignedIn={onSignedIn} password={<SignInForm signIn={signInUser} onSignedIn={onSignedIn} onLeave={close} footer={<SignInLinks other="director" onLeave={close} />} />} />
        <SignUpLink redirectTo={params.redirectTo ?? here()} onLeave={close} />
      </Suspense>
    </Modal>
  )
}
