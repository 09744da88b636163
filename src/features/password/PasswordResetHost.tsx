import { lazy, Suspense, useEffect, useState } from "react"
import { messages } from "../../../schemas/messages.ts"
import { Modal } from "../../ui/Modal.tsx"
import { trackActivity } from "../../api/activity.ts"
import { onOpenPasswordReset } from "../auth/password-reset-bridge.ts"

/** The form and its schemas load with the first opening, not with the page. */
const ResetRequestForm = lazy(() => trackActivity(import("./ResetRequestForm.tsx")))

/**
 * The password-reset modal 'Сброс пароля' (small) of the site: opened through the bridge
 * (`openPasswordReset`, e.g. from the sign-in modal); each opening starts the flow afresh.
 */
export function PasswordResetHost() {
  const [opened, setOpened] = useState<{ n: number; email?: string | undefined } | null>(null)
  useEffect(() => onOpenPasswordReset((o) => setOpened((prev) => ({ n: (prev?.n ?? 0) + 1, email: o.email }))), [])
  const close = () => setOpened(null)
  return (
    <Modal open={opened !== null} title={messages.access.forgotTitle} size="small" onClose={close}>
      {opened && (
        <Suspense fallback={<p role="status">{messages.access.loading}</p>}>
          <ResetRequestForm key={opened.n} email={opened.email} onClose={close} />
        </Suspense>
      )}
    </Modal>
  )
}
