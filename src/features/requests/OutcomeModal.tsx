import { messages } from "../../../schemas/messages/common.ts"
import { Button } from "../../ui/Button.tsx"
import { Modal } from "../../ui/Modal.tsx"
import * as css from "./requests.css.ts"

/** An outcome modal of SPEC.md section 4 ('Заявка отправлена' or 'Ошибка'): its text and 'OK'. */
export function OutcomeModal({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return (
    <Modal open={open} title={title} onClose={onClose} size="small">
      <p className={css.outcome}>{text}</p>
      <div className={css.actions}>
        <Button onClick={onClose}>{messages.forms.ok}</Button>
      </div>
    </Modal>
  )
}
