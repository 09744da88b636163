import { lazy, Suspense } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import { Modal } from "../../ui/Modal.tsx"
import { trackActivity } from "../../api/activity.ts"
import { useModal, useModalActors } from "../modals/index.ts"

/** The form and its schemas load with the first opening, not with the page. */
const ResetRequestForm = lazy(() => trackActivity(import("./ResetRequestForm.tsx")))

/**
 * The password-reset modal 'Сброс пароля' (small) of the site: opened by `useModals().openPasswordReset`
 * (e.g. from the sign-in modal); each opening starts the flow afresh.
 */
export default function PasswordResetHost() {
  const { open, params, close } = useModal(useModalActors().passwordReset)
  return (
    <Modal open={open} title={messages.access.forgotTitle} size="small" onClose={close}>
      <Suspense fallback={<p role="status">{messages.access.loading}</p>}>
        <ResetRequestForm email={params.email} onClose={close} />
      </Suspense>
    </Modal>
  )
}
