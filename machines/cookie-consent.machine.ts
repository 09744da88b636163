import { assign, setup } from "xstate"

/**
 * Cookie agreement (SPEC.md section 4): the notice is shown until accepted; acceptance is stored
 * for 365 days by the `storeConsent` action the app provides (it writes the cookie).
 */
export const cookieConsentMachine = setup({
  types: {
    context: {} as { accepted: boolean },
    input: {} as { accepted?: boolean } | undefined,
    events: {} as { type: "ACCEPT" },
  },
  actions: {
    storeConsent: () => {},
  },
  guards: {
    alreadyAccepted: ({ context }) => context.accepted,
  },
}).createMachine({
  id: "cookieConsent",
  context: ({ input }) => ({ accepted: input?.accepted === true }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "alreadyAccepted", target: "accepted" }, { target: "shown" }],
    },
    shown: {
      on: {
        ACCEPT: { target: "accepted", actions: [assign({ accepted: true }), "storeConsent"] },
      },
    },
    accepted: {},
  },
})
