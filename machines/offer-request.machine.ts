import { assign, setup } from "xstate"

/**
 * A visitor's request through the offers form (SPEC.md section 4, "Offer form"): the question modal
 * 'Задать вопрос' or the fast-order callback opens the form; a sent request closes it and shows
 * 'Заявка отправлена', a failed one closes it and shows 'Ошибка'. Field errors of a 422 keep the
 * form open (the visitor can fix them); the form engine shows them and sends nothing here.
 */
export type OfferKind = "question" | "callback"

export interface OfferRequestContext {
  readonly kind: OfferKind
  /** Counts openings, so each opening starts a fresh form. */
  readonly opened: number
}

export type OfferRequestEvent = { type: "OPEN"; kind: OfferKind } | { type: "SENT" } | { type: "FAILED" } | { type: "CLOSE" }

export const offerRequestMachine = setup({
  types: { context: {} as OfferRequestContext, events: {} as OfferRequestEvent },
}).createMachine({
  id: "offerRequest",
  context: { kind: "question", opened: 0 },
  initial: "closed",
  states: {
    closed: {
      on: {
        OPEN: {
          target: "form",
          actions: assign(({ context, event }) => ({ kind: event.kind, opened: context.opened + 1 })),
        },
      },
    },
    form: {
      on: { SENT: "sent", FAILED: "failed", CLOSE: "closed" },
    },
    sent: { on: { CLOSE: "closed" } },
    failed: { on: { CLOSE: "closed" } },
  },
})
