import { useSelector } from "@xstate/react"
import { Suspense } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { Modal } from "../../ui/Modal.tsx"
import { useModalActors } from "../modals/index.ts"
import { OutcomeModal as Outcome } from "./OutcomeModal.tsx"
import * as css from "./requests.css.ts"

/** The form and its validation library load on the first opening, not with the page. */
const OffersForm = lazyWithReload(() => import("./OffersForm.tsx").then((m) => ({ default: m.OffersForm })))

/** The question modal 'Задать вопрос' and the fast-order callback: the app's offer actor, opened by `useModals().openOffer`. */
export default function OfferModals() {
  const actor = useModalActors().offer
  const state = useSelector(actor, (s) => s)
  const send = actor.send
  const { kind, opened } = state.context
  const close = () => send({ type: "CLOSE" })
  return (
    <>
      <Modal open={state.matches("form")} title={kind === "callback" ? messages.forms.callbackTitle : messages.forms.askQuestion} onClose={close} size="medium">
        <p className={css.lead}>{kind === "callback" ? messages.forms.callbackLead : messages.forms.questionLead}</p>
        <Suspense fallback={<p role="status">{messages.forms.loading}</p>}>
          <OffersForm key={opened} onSent={() => send({ type: "SENT" })} onFailed={() => send({ type: "FAILED" })} />
        </Suspense>
      </Modal>
      <Outcome open={state.matches("sent")} title={messages.forms.sentTitle} text={messages.forms.sentText} onClose={close} />
      <Outcome open={state.matches("failed")} title={messages.forms.failedTitle} text={messages.forms.failedText} onClose={close} />
    </>
  )
}
