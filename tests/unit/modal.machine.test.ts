import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import { modalMachine } from "../../machines/modal.machine.ts"

describe("modal machine", () => {
  test("opens with its parameters, closes keeping them", () => {
    const a = createActor(modalMachine).start()
    expect(a.getSnapshot().value).toBe("closed")
    a.send({ type: "OPEN", params: { redirectTo: "/account" } })
    expect(a.getSnapshot().value).toBe("open")
    expect(a.getSnapshot().context).toEqual({ params: { redirectTo: "/account" } })
    a.send({ type: "CLOSE" })
    expect(a.getSnapshot().value).toBe("closed")
    expect(a.getSnapshot().context.params).toEqual({ redirectTo: "/account" })
  })

  test("opening it again while open takes the new parameters", () => {
    const a = createActor(modalMachine).start()
    a.send({ type: "OPEN", params: { email: "a@b.ru" } })
    a.send({ type: "OPEN" })
    expect(a.getSnapshot().value).toBe("open")
    expect(a.getSnapshot().context).toEqual({ params: {} })
  })

  test("closing a closed modal changes nothing", () => {
    const a = createActor(modalMachine).start()
    a.send({ type: "CLOSE" })
    expect(a.getSnapshot().value).toBe("closed")
    expect(a.getSnapshot().context.params).toEqual({})
  })
})
