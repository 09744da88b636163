import { describe, expect, test } from "vitest"
import { createActor } from "xstate"
import { type Leave, unsavedChangesMachine } from "../../machines/unsaved-changes.machine.ts"
import { changedFrom } from "../../src/features/crm/unsaved.ts"
import { internalTarget } from "../../src/features/crm/leave-target.ts"

const started = () => {
  const moves: Leave[] = []
  const actor = createActor(unsavedChangesMachine.provide({ actions: { proceed: (_, leave) => void moves.push(leave) } })).start()
  return { actor, moves }
}

describe("unsaved changes machine", () => {
  test("a clean form lets a move through at once", () => {
    const { actor, moves } = started()
    actor.send({ type: "LEAVE", to: "/crm/pages", back: false })
    expect(moves).toEqual([{ to: "/crm/pages", back: false }])
    expect(actor.getSnapshot().value).toBe("left")
  })

  test("a dirty form asks; staying keeps the form and forgets the move", () => {
    const { actor, moves } = started()
    actor.send({ type: "EDIT" })
    actor.send({ type: "LEAVE", to: "/crm/menu_items", back: false })
    expect(actor.getSnapshot().value).toBe("asking")
    expect(actor.getSnapshot().context.pending).toEqual({ to: "/crm/menu_items", back: false })
    actor.send({ type: "STAY" })
    expect(actor.getSnapshot().value).toBe("dirty")
    expect(actor.getSnapshot().context.pending).toBeNull()
    expect(moves).toEqual([])
  })

  test("confirming leaves for the asked move, the browser's back replayed as back", () => {
    const { actor, moves } = started()
    actor.send({ type: "EDIT" })
    actor.send({ type: "LEAVE", to: "/crm/pages?page=2", back: true })
    actor.send({ type: "CONFIRM" })
    expect(moves).toEqual([{ to: "/crm/pages?page=2", back: true }])
    expect(actor.getSnapshot().status).toBe("done")
  })

  test("saving makes the form clean again: the next move is not asked", () => {
    const { actor, moves } = started()
    actor.send({ type: "EDIT" })
    actor.send({ type: "SAVED" })
    expect(actor.getSnapshot().value).toBe("clean")
    actor.send({ type: "LEAVE", to: "/crm", back: false })
    expect(moves).toEqual([{ to: "/crm", back: false }])
  })

  test("CONFIRM and STAY mean nothing unless asking", () => {
    const { actor, moves } = started()
    actor.send({ type: "CONFIRM" })
    actor.send({ type: "EDIT" })
    actor.send({ type: "CONFIRM" })
    actor.send({ type: "STAY" })
    expect(actor.getSnapshot().value).toBe("dirty")
    expect(moves).toEqual([])
  })
})

describe("what counts as unsaved", () => {
  test("a field that differs from the opened form does; blanks of any kind and a retyped value do not", () => {
    expect(changedFrom({ title: "О компании", body: "" }, { title: "О компании", body: "" })).toBe(false)
    expect(changedFrom({ title: "О компании" }, { title: "О компании!" })).toBe(true)
    expect(changedFrom({ title: "", ids: [] }, { ids: [] })).toBe(false)
    expect(changedFrom({ ids: ["1"] }, { ids: ["1", "2"] })).toBe(true)
    expect(changedFrom({ published: false }, { published: true })).toBe(true)
  })
})

describe("a click that leaves for the app's address", () => {
  const plain = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false }
  const link = (href: string, extra: Partial<{ target: string; download: boolean }> = {}) => ({ href, target: "", download: false, ...extra })
  const base = "https://uc.example.ru/crm/pages/3/edit"

  test("a plain click on a link of the app is its path, query and hash", () => {
    expect(internalTarget(plain, link("https://uc.example.ru/crm/orders?status=paid#top"), base)).toBe("/crm/orders?status=paid#top")
    expect(internalTarget(plain, link("/crm"), base)).toBe("/crm")
  })

  test("new tabs, other sites, downloads and handled clicks are left to the browser", () => {
    expect(internalTarget({ ...plain, ctrlKey: true }, link("/crm"), base)).toBeNull()
    expect(internalTarget({ ...plain, button: 1 }, link("/crm"), base)).toBeNull()
    expect(internalTarget({ ...plain, defaultPrevented: true }, link("/crm"), base)).toBeNull()
    expect(internalTarget(plain, link("https://example.com/"), base)).toBeNull()
    expect(internalTarget(plain, link("/crm", { target: "_blank" }), base)).toBeNull()
    expect(internalTarget(plain, link("/uploads/a.pdf", { download: true }), base)).toBeNull()
    expect(internalTarget(plain, link("/crm", { target: "_self" }), base)).toBe("/crm")
  })
})
