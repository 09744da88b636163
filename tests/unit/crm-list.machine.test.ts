import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { crmListMachine, type ListPage, type ListRequest } from "../../machines/crm-list.machine.ts"

const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: String(from + i) }))
const fail = (status: number, message = "Ошибка") => Object.assign(new Error(message), { status })

function start(
  opts: {
    page?: number
    filters?: Record<string, string>
    sort?: string
    load?: (i: ListRequest) => Promise<ListPage>
    remove?: (i: { ids: readonly string[] }) => Promise<unknown>
    restore?: (i: { token: string }) => Promise<{ count: number }>
  } = {},
) {
  const calls: ListRequest[] = []
  const syncLocation = vi.fn()
  const reportError = vi.fn()
  const notifyDeleted = vi.fn()
  const notifyRestored = vi.fn()
  const load = opts.load ?? (async () => ({ items: rows(3), totalPages: 1, totalCount: 3 }))
  const actor = createActor(
    crmListMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }) => {
          calls.push(input)
          return load(input)
        }),
        deleteItems: fromPromise(async ({ input }) => {
          await (opts.remove ?? (async () => {}))(input)
          return { token: `t-${input.ids.join("-")}` }
        }),
        restore: fromPromise(async ({ input }) => (opts.restore ?? (async () => ({ count: 1 })))(input)),
      },
      actions: {
        syncLocation: ({ context }) => syncLocation({ page: context.page, filters: context.filters, sort: context.sort }),
        reportError: (_, p) => reportError(p.error),
        notifyDeleted: (_, p) => notifyDeleted(p.label, p.count, p.token),
        notifyRestored: (_, p) => notifyRestored(p.count),
      },
    }),
    { input: { page: opts.page, filters: opts.filters, sort: opts.sort } },
  ).start()
  return { actor, calls, syncLocation, reportError, notifyDeleted, notifyRestored }
}

describe("crm list machine", () => {
  test("loads the page of its input, then shows the rows", async () => {
    const { actor, calls } = start({ page: 2, filters: { q: "мос" }, sort: "-name" })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(calls).toEqual([{ page: 2, filters: { q: "мос" }, sort: "-name" }])
    expect(actor.getSnapshot().context.items).toHaveLength(3)
  })

  test("an empty answer is 'empty'; a failure is 'failed' with an alert", async () => {
    const empty = start({ load: async () => ({ items: [], totalPages: 1, totalCount: 0 }) })
    await waitFor(empty.actor, (s) => s.matches("empty"))
    const failed = start({ load: async () => Promise.reject(fail(500, "Внутренняя ошибка сервера")) })
    await waitFor(failed.actor, (s) => s.matches("failed"))
    expect(failed.reportError).toHaveBeenCalledWith({ message: "Внутренняя ошибка сервера", status: 500 })
    failed.actor.send({ type: "RELOAD" })
    expect(failed.actor.getSnapshot().matches("loading")).toBe(true)
  })

  test("PAGE, FILTER and SORT reload and write the address; LOCATION reloads without writing", async () => {
    const { actor, calls, syncLocation } = start()
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "PAGE", page: 3 })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(syncLocation).toHaveBeenLastCalledWith({ page: 3, filters: {}, sort: "" })
    actor.send({ type: "FILTER", filters: { q: "  казань ", display: "" } })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(syncLocation).toHaveBeenLastCalledWith({ page: 1, filters: { q: "казань" }, sort: "" })
    actor.send({ type: "PAGE", page: 2 })
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "SORT", sort: "-name" })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(syncLocation).toHaveBeenLastCalledWith({ page: 1, filters: { q: "казань" }, sort: "-name" })
    actor.send({ type: "LOCATION", page: 2, filters: {}, sort: "" })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(syncLocation).toHaveBeenCalledTimes(4)
    expect(calls.map((c) => c.page)).toEqual([1, 3, 1, 2, 1, 2])
    expect(calls.at(-1)).toEqual({ page: 2, filters: {}, sort: "" })
  })

  test("an address change while a page loads wins: the load restarts for the new address (back right after a click)", async () => {
    const gates: Array<() => void> = []
    const load = (i: ListRequest) =>
      new Promise<ListPage>((resolve) => gates.push(() => resolve({ items: rows(3, i.page * 100), totalPages: 3, totalCount: 75 })))
    const { actor, calls } = start({ page: 2, load })
    gates.shift()!()
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "PAGE", page: 1 })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    actor.send({ type: "LOCATION", page: 2, filters: {}, sort: "" })
    expect(actor.getSnapshot().context.page).toBe(2)
    // The page-1 answer comes late and is dropped; the page-2 load's answer is shown.
    gates.shift()!()
    gates.shift()!()
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(calls.map((c) => c.page)).toEqual([2, 1, 2])
    expect(actor.getSnapshot().context.items[0]).toEqual({ id: "200" })
  })

  test("DELETE asks first; CANCEL keeps the row", async () => {
    const remove = vi.fn(async () => {})
    const { actor } = start({ remove })
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "DELETE", id: "2", label: "Казань" })
    expect(actor.getSnapshot().matches("confirming")).toBe(true)
    expect(actor.getSnapshot().context.pending).toEqual({ ids: ["2"], label: "Казань" })
    actor.send({ type: "CANCEL" })
    expect(actor.getSnapshot().matches("loaded")).toBe(true)
    expect(remove).not.toHaveBeenCalled()
  })

  test("CONFIRM deletes, says so and reloads", async () => {
    const remove = vi.fn(async () => {})
    const { actor, calls, notifyDeleted } = start({ remove })
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "DELETE", id: "2", label: "Казань" })
    actor.send({ type: "CONFIRM" })
    expect(actor.getSnapshot().matches("deleting")).toBe(true)
    await waitFor(actor, (s) => s.matches("loaded") && calls.length === 2)
    expect(remove).toHaveBeenCalledWith({ ids: ["2"] })
    expect(notifyDeleted).toHaveBeenCalledWith("Казань", 1, "t-2")
    expect(actor.getSnapshot().context.pending).toBeNull()
  })

  test("a refused delete (422) is reported and the list stays", async () => {
    const { actor, reportError } = start({ remove: async () => Promise.reject(Object.assign(fail(422), { details: { base: ["Сначала удалите"] } })) })
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "DELETE", id: "1", label: "Помощь" })
    actor.send({ type: "CONFIRM" })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ status: 422, details: { base: ["Сначала удалите"] } }))
  })

  test("past the last page (after deleting its last row) it shows the new last page", async () => {
    const load = async ({ page }: { page: number }) => (page === 3 ? { items: [], totalPages: 2, totalCount: 50 } : { items: rows(25), totalPages: 2, totalCount: 50 })
    const { actor, calls, syncLocation } = start({ page: 3, load })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(calls.map((c) => c.page)).toEqual([3, 2])
    expect(syncLocation).toHaveBeenLastCalledWith({ page: 2, filters: {}, sort: "" })
  })

  test("TOGGLE and TOGGLE_PAGE select rows of the page; DELETE_SELECTED deletes them with one confirmation", async () => {
    const remove = vi.fn(async () => {})
    const { actor, notifyDeleted } = start({ remove })
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "DELETE_SELECTED" })
    expect(actor.getSnapshot().matches("loaded")).toBe(true)
    actor.send({ type: "TOGGLE", id: "1" })
    actor.send({ type: "TOGGLE", id: "3" })
    actor.send({ type: "TOGGLE", id: "1" })
    expect(actor.getSnapshot().context.selected).toEqual(["3"])
    actor.send({ type: "TOGGLE_PAGE" })
    expect(actor.getSnapshot().context.selected).toEqual(["1", "2", "3"])
    actor.send({ type: "TOGGLE_PAGE" })
    expect(actor.getSnapshot().context.selected).toEqual([])
    actor.send({ type: "TOGGLE", id: "1" })
    actor.send({ type: "TOGGLE", id: "2" })
    actor.send({ type: "DELETE_SELECTED" })
    expect(actor.getSnapshot().matches("confirming")).toBe(true)
    expect(actor.getSnapshot().context.pending).toEqual({ ids: ["1", "2"], label: "" })
    actor.send({ type: "CANCEL" })
    expect(actor.getSnapshot().context.selected).toEqual(["1", "2"])
    actor.send({ type: "DELETE_SELECTED" })
    actor.send({ type: "CONFIRM" })
    await waitFor(actor, (s) => s.matches("loaded") && remove.mock.calls.length === 1)
    expect(remove).toHaveBeenCalledWith({ ids: ["1", "2"] })
    expect(notifyDeleted).toHaveBeenCalledWith("", 2, "t-1-2")
    expect(actor.getSnapshot().context.selected).toEqual([])
  })

  test("a new page clears the selection", async () => {
    const { actor } = start({ load: async () => ({ items: rows(3), totalPages: 2, totalCount: 6 }) })
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "TOGGLE", id: "2" })
    actor.send({ type: "PAGE", page: 2 })
    await waitFor(actor, (s) => s.matches("loaded"))
    expect(actor.getSnapshot().context.selected).toEqual([])
  })

  test("UNDO restores through the API, says so and reloads; a failed undo is reported and the list reloads", async () => {
    const restore = vi.fn(async () => ({ count: 2 }))
    const { actor, calls, notifyRestored } = start({ restore })
    await waitFor(actor, (s) => s.matches("loaded"))
    actor.send({ type: "UNDO", token: "abc" })
    expect(actor.getSnapshot().matches("restoring")).toBe(true)
    await waitFor(actor, (s) => s.matches("loaded") && calls.length === 2)
    expect(restore).toHaveBeenCalledWith({ token: "abc" })
    expect(notifyRestored).toHaveBeenCalledWith(2)

    const failing = start({ restore: async () => Promise.reject(Object.assign(fail(422), { details: { base: ["Время отмены удаления истекло"] } })) })
    await waitFor(failing.actor, (s) => s.matches("loaded"))
    failing.actor.send({ type: "UNDO", token: "old" })
    await waitFor(failing.actor, (s) => s.matches("loaded") && failing.calls.length === 2)
    expect(failing.reportError).toHaveBeenCalledWith(expect.objectContaining({ status: 422 }))
    expect(failing.notifyRestored).not.toHaveBeenCalled()
  })

  test("a bad page number becomes 1", () => {
    const { actor } = start({ page: -4 })
    expect(actor.getSnapshot().context.page).toBe(1)
  })
})
