import { describe, expect, test, vi } from "vitest"
import { createActor } from "xstate"
import { cookieConsentMachine } from "../../machines/cookie-consent.machine.ts"

describe("cookieConsentMachine", () => {
  test("shows the notice until accepted, then stores the consent once", () => {
    const storeConsent = vi.fn()
    const actor = createActor(cookieConsentMachine.provide({ actions: { storeConsent } }), { input: { accepted: false } }).start()
    expect(actor.getSnapshot().value).toBe("shown")
    actor.send({ type: "ACCEPT" })
    expect(actor.getSnapshot().value).toBe("accepted")
    expect(storeConsent).toHaveBeenCalledTimes(1)
    actor.send({ type: "ACCEPT" })
    expect(storeConsent).toHaveBeenCalledTimes(1)
  })

  test("an earlier acceptance hides the notice from the start", () => {
    const storeConsent = vi.fn()
    const actor = createActor(cookieConsentMachine.provide({ actions: { storeConsent } }), { input: { accepted: true } }).start()
    expect(actor.getSnapshot().value).toBe("accepted")
    expect(storeConsent).not.toHaveBeenCalled()
  })

  test("without a stored acceptance the notice is shown", () => {
    expect(createActor(cookieConsentMachine, { input: {} }).start().getSnapshot().value).toBe("shown")
  })
})
