import { assign, setup } from "xstate"

/**
 * A modal of the site opened from anywhere (SPEC.md section 2, "Modals": sign-in, password reset,
 * the authed-user modal, the personal-data policy): OPEN with its parameters (the sign-in's
 * `redirectTo`, the reset's e-mail) opens it — again while open, with the new parameters — and CLOSE
 * closes it. The app creates one actor per modal; a page sends the event instead of calling a
 * listener, and the modal's code loads with its first opening.
 */
export type ModalParams = Readonly<Record<string, string | undefined>>

export interface ModalContext {
  readonly params: ModalParams
}

export type ModalEvent = { type: "OPEN"; params?: ModalParams | undefined } | { type: "CLOSE" }

export const modalMachine = setup({
  types: { context: {} as ModalContext, events: {} as ModalEvent },
  actions: {
    open: assign(({ context, event }) => ({ params: event.type === "OPEN" ? (event.params ?? {}) : context.params })),
  },
}).createMachine({
  id: "modal",
  context: { params: {} },
  initial: "closed",
  states: {
    closed: { on: { OPEN: { target: "open", actions: "open" } } },
    open: { on: { OPEN: { actions: "open" }, CLOSE: "closed" } },
  },
})
