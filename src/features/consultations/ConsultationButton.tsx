import { useMachine } from "@xstate/react"
import { Suspense } from "react"
import { offerRequestMachine } from "../../../machines/offer-request.machine.ts"
import { consultationMessages as m } from "../../../schemas/messages/consultation.ts"
import { Button, type ButtonVariant } from "../../ui/Button.tsx"
import { lazyWithReload } from "../../ui/lazy.ts"
import { Modal } from "../../ui/Modal.tsx"
import * as css from "./consultations.css.ts"

/**
 * The form, its validation library and the visitors' requests' helpers load on the first opening,
 * not with the page (a tariff page is a content page: its first load carries no form engine).
 */
const ConsultationForm = lazyWithReload(() => import("./ConsultationForm.tsx").then((x) => ({ default: x.ConsultationForm })))

export interface ConsultationButtonProps {
  /** The tariff the page shows (a tariff page). */
  readonly tariffId?: string
  /** The customer's own order (the account's order page). */
  readonly orderId?: string
  readonly variant?: ButtonVariant
}

/** 'Заявка отправлена' or 'Ошибка' (SPEC.md section 4's outcome modals): the text and 'Хорошо'. */
function Outcome({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return (
    <Modal open={open} title={title} onClose={onClose} size="small">
      <p className={css.outcome}>{text}</p>
      <div className={css.actions}>
        <Button onClick={onClose}>{m.ok}</Button>
      </div>
    </Modal>
  )
}

/**
 * 'Получить консультацию': opens the spec's question form (offers_frm) in a modal and sends it as a
 * consultation request about the tariff or the order. The flow is the question modal's own machine
 * (offer-request): form → 'Заявка отправлена' or 'Ошибка'; a 422 keeps the form open.
 */
export function ConsultationButton({ tariffId, orderId, variant = "secondary" }: ConsultationButtonProps) {
  const [state, send] = useMachine(offerRequestMachine)
  const close = () => send({ type: "CLOSE" })
  return (
    <>
      <Button variant={variant} onClick={() => send({ type: "OPEN", kind: "question" })}>
        {m.button}
      </Button>
      <Modal open={state.matches("form")} title={m.title} onClose={close} size="medium">
        <p className={css.lead}>{m.lead}</p>
        <Suspense fallback={<p role="status">{m.loading}</p>}>
          <ConsultationForm key={state.context.opened} tariffId={tariffId} orderId={orderId} onSent={() => send({ type: "SENT" })} onFailed={() => send({ type: "FAILED" })} />
        </Suspense>
      </Modal>
      <Outcome open={state.matches("sent")} title={m.sentTitle} text={m.sentText} onClose={close} />
      <Outcome open={state.matches("failed")} title={m.failedTitle} text={m.failedText} onClose={close} />
    </>
  )
}
