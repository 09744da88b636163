import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import { offerRequestMachine } from "../../machines/offer-request.machine.ts"

describe("offer request machine (question modal and callback)", () => {
  test("opens the form of the asked kind; each opening is a fresh form", () => {
    const actor = createActor(offerRequestMachine).start()
    actor.send({ type: "OPEN", kind: "callback" })
    expect(actor.getSnapshot().value).toBe("form")
    expect(actor.getSnapshot().context).toEqual({ kind: "callback", opened: 1 })
    actor.send({ type: "CLOSE" })
    actor.send({ type: "OPEN", kind: "question" })
    expect(actor.getSnapshot().context).toEqual({ kind: "question", opened: 2 })
  })

  test("a sent request closes the form and shows 'Заявка отправлена'; closing it ends the flow", () => {
    const actor = createActor(offerRequestMachine).start()
    actor.send({ type: "OPEN", kind: "question" })
    actor.send({ type: "SENT" })
    expect(actor.getSnapshot().value).toBe("sent")
    actor.send({ type: "OPEN", kind: "callback" })
    expect(actor.getSnapshot().value).toBe("sent")
    actor.send({ type: "CLOSE" })
    expect(actor.getSnapshot().value).toBe("closed")
  })

  test("a failed request closes the form and shows 'Ошибка'", () => {
    const actor = createActor(offerRequestMachine).start()
    actor.send({ type: "OPEN", kind: "question" })
    actor.send({ type: "FAILED" })
    expect(actor.getSnapshot().value).toBe("failed")
    actor.send({ type: "CLOSE" })
    expect(actor.getSnapshot().value).toBe("closed")
  })

  test("outcomes only follow an open form", () => {
    const actor = createActor(offerRequestMachine).start()
    actor.send({ type: "SENT" })
    actor.send({ type: "FAILED" })
    expect(actor.getSnapshot().value).toBe("closed")
  })
})
