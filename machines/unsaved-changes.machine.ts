import { assign, setup } from "xstate"

/**
 * Leaving a CRM form that holds unsaved changes asks first: clean (nothing typed, or all of it saved)
 * lets every LEAVE through at once; dirty turns a LEAVE into asking, where STAY goes back to the form
 * and CONFIRM leaves for the asked address (`proceed`, provided: the app's navigation or the history's
 * step back). Closing the tab is the browser's own prompt, while dirty.
 */
export interface UnsavedChangesContext {
  /** Where the asked-for move goes: an address of the app, or the history's previous entry. */
  readonly pending: Leave | null
}

export interface Leave {
  readonly to: string
  /** The move was the browser's back (or forward): leaving replays it instead of pushing `to`. */
  readonly back: boolean
}

export type UnsavedChangesEvent =
  | { type: "EDIT" }
  | { type: "SAVED" }
  | ({ type: "LEAVE" } & Leave)
  | { type: "STAY" }
  | { type: "CONFIRM" }

export const unsavedChangesMachine = setup({
  types: { context: {} as UnsavedChangesContext, events: {} as UnsavedChangesEvent },
  actions: {
    /** Provided: make the move. */
    proceed: (_, _params: Leave) => {},
    ask: assign(({ event }) => ({ pending: event.type === "LEAVE" ? { to: event.to, back: event.back } : null })),
    forget: assign({ pending: null }),
  },
}).createMachine({
  id: "unsavedChanges",
  context: { pending: null },
  initial: "clean",
  states: {
    clean: {
      on: {
        EDIT: "dirty",
        LEAVE: { target: "left", actions: { type: "proceed", params: ({ event }) => ({ to: event.to, back: event.back }) } },
      },
    },
    dirty: {
      on: { SAVED: "clean", LEAVE: { target: "asking", actions: "ask" } },
    },
    asking: {
      on: {
        STAY: { target: "dirty", actions: "forget" },
        CONFIRM: { target: "left", actions: { type: "proceed", params: ({ context }) => context.pending ?? { to: "", back: false } } },
        SAVED: { target: "clean", actions: "forget" },
      },
    },
    /** On the way out: nothing is guarded any more. */
    left: { type: "final" },
  },
})
