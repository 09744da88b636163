import { assign, setup } from "xstate"

/**
 * The wait before 'Отправить код ещё раз' works again (SMS_RESEND_SECONDS, schemas/constants.ts): WAIT
 * with the seconds the server named (`resend_in` of a send, a failed send or a 429) counts them down
 * once a second in `waiting`, then `ready`. WAIT again restarts from its seconds; 0 or less is `ready`
 * at once. The binding is src/ui/flows/use-resend-delay.ts.
 */
export interface ResendDelayContext {
  readonly secondsLeft: number
}

export type ResendDelayEvent = { type: "WAIT"; seconds: number }

export const resendDelayMachine = setup({
  types: {
    context: {} as ResendDelayContext,
    events: {} as ResendDelayEvent,
  },
  delays: { second: 1000 },
  guards: {
    someToWait: ({ event }) => event.seconds > 0,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
}).createMachine({
  id: "resendDelay",
  context: { secondsLeft: 0 },
  initial: "ready",
  on: {
    WAIT: [
      { guard: "someToWait", target: ".waiting", reenter: true, actions: assign(({ event }) => ({ secondsLeft: Math.ceil(event.seconds) })) },
      { target: ".ready", actions: assign({ secondsLeft: 0 }) },
    ],
  },
  states: {
    ready: {},
    waiting: {
      after: {
        second: [
          { guard: "lastSecond", target: "ready", actions: assign({ secondsLeft: 0 }) },
          { target: "waiting", reenter: true, actions: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })) },
        ],
      },
    },
  },
})
