import { Suspense } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { Modal } from "../../ui/Modal.tsx"
import { useModal, useModalActors } from "../modals/index.ts"
import * as css from "./requests.css.ts"

/** The form and its validation library load on the first opening, not with the page. */
const FeedbackForm = lazyWithReload(() => import("./FeedbackForm.tsx").then((m) => ({ default: m.FeedbackForm })))

/**
 * 'Обратная связь' as a modal (SPEC.md section 2, "Modals"), opened by `useModals().openFeedback` from
 * the header: the /feedback page's form, a fresh one at each opening.
 */
export default function FeedbackModal() {
  const { open, close } = useModal(useModalActors().feedback)
  const title = messages.shell.feedback
  return (
    <Modal open={open} title={title} onClose={close} size="medium">
      <p className={css.lead}>{messages.forms.feedbackLead}</p>
      <Suspense fallback={<p role="status">{messages.forms.loading}</p>}>{open && <FeedbackForm label={title} />}</Suspense>
    </Modal>
  )
}
