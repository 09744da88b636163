import { assign, setup } from "xstate"

/**
 * A modal of the site opened from anywhere (SPEC.md section 2, "Modals": sign-in, password reset,
 * the authed-user modal, the personal-data policy): OPEN with its parameters (the sign-in's
 * `redirectTo`, the reset's e-mail) opens it — again while open, a fresh opening — and CLOSE closes it.
 * Each opening is counted, so its content (a form) starts afresh. The app creates one actor per modal;
 * a page sends the event instead of calling a listener, and the modal's code loads with its first opening.
 */
export type ModalParams = Readonly<Record<string, string | undefined>>

export interface ModalContext {
  readonly params: ModalParams
  /** How many times it was opened: the key of the content, and whether its code is needed yet. */
  readonly opened: number
}

export type ModalEvent = { type: "OPEN"; params?: ModalParams | undefined } | { type: "CLOSE" }

export const modalMachine = setup({
  types: { context: {} as ModalContext, events: {} as ModalEvent },
  actions: {
    open: assign(({ context, event }) => ({
      params: event.type === "OPEN" ? (event.params ?? {}) : context.params,
      opened: context.opened + 1,
    })),
  },
}).createMachine({
  id: "modal",
  context: { params: {}, opened: 0 },
  initial: "closed",
  states: {
    closed: { on: { OPEN: { target: "open", actions: "open" } } },
    open: { on: { OPEN: { actions: "open" }, CLOSE: "closed" } },
  },
})
