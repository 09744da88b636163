import { assign, cancel, raise, setup } from "xstate"
import { LOADING_BAR_HIDE_DELAY_MS, LOADING_BAR_THROTTLE_MS } from "../schemas/constants.ts"

export type LoadingBarEvent =
  /** Something started loading (a request, a lazy route). */
  | { type: "START" }
  /** One of the things loading finished, well or not. */
  | { type: "DONE" }
  /** The throttle ran out with loads still in flight (raised by the machine itself). */
  | { type: "SHOW" }
  /** The hide delay after the last load ran out (raised by the machine itself). */
  | { type: "HIDE" }

/**
 * The loading bar (SPEC.md section 4): appears only when loading lasts longer than the throttle
 * (200 ms), fills over the duration (5000 ms, drawn by the view while `running`) and hides 500 ms
 * after the last load is done. `pending` counts loads in flight. The timers are delayed events the
 * machine raises to itself (and cancels on leaving the state), so the path generator sees them as events.
 */
export const loadingBarMachine = setup({
  types: {
    context: {} as { pending: number },
    events: {} as LoadingBarEvent,
  },
  actions: {
    startThrottle: raise({ type: "SHOW" }, { id: "throttle", delay: LOADING_BAR_THROTTLE_MS }),
    stopThrottle: cancel("throttle"),
    startHideDelay: raise({ type: "HIDE" }, { id: "hideDelay", delay: LOADING_BAR_HIDE_DELAY_MS }),
    stopHideDelay: cancel("hideDelay"),
    inc: assign({ pending: ({ context }) => context.pending + 1 }),
    dec: assign({ pending: ({ context }) => Math.max(0, context.pending - 1) }),
  },
  guards: {
    lastDone: ({ context }) => context.pending <= 1,
  },
}).createMachine({
  id: "loadingBar",
  context: { pending: 0 },
  initial: "idle",
  states: {
    idle: {
      on: { START: { target: "waiting", actions: "inc" } },
    },
    /** Loading, but not yet long enough to show the bar. */
    waiting: {
      entry: "startThrottle",
      exit: "stopThrottle",
      on: {
        SHOW: "running",
        START: { actions: "inc" },
        DONE: [{ guard: "lastDone", target: "idle", actions: "dec" }, { actions: "dec" }],
      },
    },
    /** The bar is visible and filling. */
    running: {
      on: {
        START: { actions: "inc" },
        DONE: [{ guard: "lastDone", target: "finishing", actions: "dec" }, { actions: "dec" }],
      },
    },
    /** Full, about to hide. */
    finishing: {
      entry: "startHideDelay",
      exit: "stopHideDelay",
      on: {
        HIDE: "idle",
        START: { target: "running", actions: "inc" },
      },
    },
  },
})
