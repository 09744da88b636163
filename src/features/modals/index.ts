import { useSelector } from "@xstate/react"
import { createContext, useContext, useMemo } from "react"
import type { ActorRefFrom } from "xstate"
import type { modalMachine, ModalParams } from "../../../machines/modal.machine.ts"
import type { OfferKind, offerRequestMachine } from "../../../machines/offer-request.machine.ts"

/**
 * The site's modals as app-wide actors (the app creates them, src/app/ModalHost.tsx): a page opens a
 * modal by sending its actor an event, and the modal's host reads its actor. No listeners, no bridges.
 */
export type ModalActor = ActorRefFrom<typeof modalMachine>

export interface ModalActors {
  /** 'Вход в личный кабинет' (params: redirectTo). */
  readonly signIn: ModalActor
  /** 'Сброс пароля' (params: email). */
  readonly passwordReset: ModalActor
  /** The signed-in user's modal: the account link and 'Выйти'. */
  readonly user: ModalActor
  /** The personal-data policy. */
  readonly policy: ModalActor
  /** 'Обратная связь': the feedback form (the header's link; the /feedback page stays). */
  readonly feedback: ModalActor
  /** 'Задать вопрос' and the callback: the offer flow's own machine. */
  readonly offer: ActorRefFrom<typeof offerRequestMachine>
}

export const ModalsContext = createContext<ModalActors | null>(null)

export function useModalActors(): ModalActors {
  const actors = useContext(ModalsContext)
  if (!actors) throw new Error("useModals: the modal host is missing")
  return actors
}

/** What a page may open. */
export function useModals() {
  const a = useModalActors()
  return useMemo(
    () => ({
      /** Sign-in; after success to `redirectTo` (same site) or the account page. */
      openSignIn: (options: { redirectTo?: string | undefined } = {}) => a.signIn.send({ type: "OPEN", params: { redirectTo: options.redirectTo } }),
      openPasswordReset: (options: { email?: string | undefined } = {}) => a.passwordReset.send({ type: "OPEN", params: { email: options.email } }),
      openUser: () => a.user.send({ type: "OPEN" }),
      openPolicy: () => a.policy.send({ type: "OPEN" }),
      openFeedback: () => a.feedback.send({ type: "OPEN" }),
      openOffer: (kind: OfferKind = "question") => a.offer.send({ type: "OPEN", kind }),
    }),
    [a],
  )
}

/**
 * A modal's state for its host: whether it is open, its parameters, and closing it. A closed modal
 * renders no content, so each opening starts with a fresh form.
 */
export function useModal(actor: ModalActor): { open: boolean; params: ModalParams; close: () => void } {
  const open = useSelector(actor, (s) => s.matches("open"))
  const params = useSelector(actor, (s) => s.context.params)
  return { open, params, close: () => actor.send({ type: "CLOSE" }) }
}
