import { describe, expect, test, vi } from "vitest"
import { createActor } from "xstate"
import { contextMachine } from "../../machines/context.machine.ts"

function start(path: string) {
  const contextChanged = vi.fn()
  const actor = createActor(contextMachine.provide({ actions: { contextChanged: (_, p) => contextChanged(p) } }), { input: { path } }).start()
  return { actor, contextChanged }
}

describe("context machine", () => {
  test("the first path only sets the context", () => {
    expect(start("/").actor.getSnapshot().value).toBe("site")
    expect(start("/crm/menu_items").actor.getSnapshot().value).toBe("admin")
    const { actor, contextChanged } = start("/admin_users/sign_in")
    expect(actor.getSnapshot().value).toBe("admin")
    expect(contextChanged).not.toHaveBeenCalled()
  })

  test("moving inside a context keeps the session", () => {
    const { actor, contextChanged } = start("/")
    actor.send({ type: "PATH_CHANGED", path: "/buy" })
    actor.send({ type: "PATH_CHANGED", path: "/moskva" })
    expect(actor.getSnapshot().value).toBe("site")
    expect(actor.getSnapshot().context.path).toBe("/moskva")
    expect(contextChanged).not.toHaveBeenCalled()
  })

  test("changing context logs out, both ways", () => {
    const { actor, contextChanged } = start("/")
    actor.send({ type: "PATH_CHANGED", path: "/crm" })
    expect(actor.getSnapshot().value).toBe("admin")
    expect(contextChanged).toHaveBeenLastCalledWith({ from: "site", to: "admin" })
    actor.send({ type: "PATH_CHANGED", path: "/admin_users/sign_in" })
    expect(contextChanged).toHaveBeenCalledTimes(1)
    actor.send({ type: "PATH_CHANGED", path: "/contacts" })
    expect(actor.getSnapshot().value).toBe("site")
    expect(contextChanged).toHaveBeenLastCalledWith({ from: "admin", to: "site" })
    expect(contextChanged).toHaveBeenCalledTimes(2)
  })

  test("a path merely starting with crm is no admin path", () => {
    const { actor } = start("/crmx")
    expect(actor.getSnapshot().value).toBe("site")
  })
})
