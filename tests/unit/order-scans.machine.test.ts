import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { type AttachedScan, type ScanCall, orderScansMachine } from "../../machines/order-scans.machine.ts"

const file = (name: string) => ({ name, url: `/api/v1/uploads/${name}`, size: 1, type: "application/pdf" })
const scan: AttachedScan = { id: 7, name: "паспорт.pdf" }
const refusal = { status: 422, message: "Проверьте поля", details: { url: ["Файл не найден"] } }

/** Each call waits until the test settles it; the calls are recorded in order. */
function start() {
  const calls: ScanCall[] = []
  const settle = new Map<string, { ok: () => void; fail: (e: unknown) => void }>()
  const changed = vi.fn()
  const key = (c: ScanCall) => (c.kind === "attach" ? `${c.kind} ${c.file.name}` : `${c.kind} ${c.scan.name}`)
  const call = fromPromise<unknown, ScanCall>(
    ({ input }) =>
      new Promise((ok, fail) => {
        calls.push(input)
        settle.set(key(input), { ok: () => ok(undefined), fail })
      }),
  )
  const actor = createActor(orderScansMachine.provide({ actors: { attach: call, remove: call, download: call }, actions: { changed } })).start()
  const out = () => Object.keys(actor.getSnapshot().context.calls).length
  return { actor, calls, settle: (k: string) => settle.get(k)!, changed, out }
}

describe("order scans machine", () => {
  test("each stored file is attached once, side by side; it is pending until its attach ends", async () => {
    const { actor, calls, settle, changed, out } = start()
    actor.send({ type: "STORED", field: "passport_scan", files: [file("a.pdf")] })
    actor.send({ type: "STORED", field: "passport_scan", files: [file("a.pdf"), file("b.pdf")] })
    expect(calls).toEqual([
      { kind: "attach", field: "passport_scan", file: file("a.pdf") },
      { kind: "attach", field: "passport_scan", file: file("b.pdf") },
    ])
    expect(actor.getSnapshot().context.pending.passport_scan).toEqual([file("a.pdf"), file("b.pdf")])
    settle("attach b.pdf").ok()
    await waitFor(actor, () => out() === 1)
    expect(actor.getSnapshot().context.pending.passport_scan).toEqual([file("a.pdf")])
    expect(actor.getSnapshot().context.said).toEqual({ kind: "attached", name: "b.pdf" })
    expect(changed).toHaveBeenCalledTimes(1)
    settle("attach a.pdf").ok()
    await waitFor(actor, () => out() === 0)
    expect(actor.getSnapshot().context.pending.passport_scan).toEqual([])
    expect(changed).toHaveBeenCalledTimes(2)
    // The actors that ran are let go.
    expect(Object.keys(actor.getSnapshot().children)).toEqual([])
  })

  test("a file the visitor removed from the widget is not pending, and not attached if it was not yet", () => {
    const { actor, calls } = start()
    actor.send({ type: "STORED", field: "snils_scan", files: [{ ...file("a.pdf"), isDeleted: true }, file("b.pdf")] })
    expect(calls.map((c) => c.kind === "attach" && c.file.name)).toEqual(["b.pdf"])
    expect(actor.getSnapshot().context.pending.snils_scan).toEqual([file("b.pdf")])
  })

  test("a refused attach is its field's failure, the file no longer pending; a later success clears it", async () => {
    const { actor, settle, changed, out } = start()
    actor.send({ type: "STORED", field: "passport_scan", files: [file("a.pdf")] })
    settle("attach a.pdf").fail(refusal)
    await waitFor(actor, () => out() === 0)
    const c = actor.getSnapshot().context
    expect(c.failures).toEqual({ passport_scan: { kind: "attach", failure: { status: 422, message: "Проверьте поля", details: { url: ["Файл не найден"] } } } })
    expect(c.pending.passport_scan).toEqual([])
    expect(c.said).toBeNull()
    expect(changed).not.toHaveBeenCalled()
    // The same stored file is not sent again; another one is, and clears the failure.
    actor.send({ type: "STORED", field: "passport_scan", files: [file("a.pdf"), file("b.pdf")] })
    expect(out()).toBe(1)
    settle("attach b.pdf").ok()
    await waitFor(actor, () => out() === 0)
    expect(actor.getSnapshot().context.failures).toEqual({})
  })

  test("a removal says so and changes the order; a failed one is its field's failure", async () => {
    const { actor, calls, settle, changed, out } = start()
    actor.send({ type: "REMOVE", field: "passport_scan", scan })
    expect(calls).toEqual([{ kind: "remove", field: "passport_scan", scan }])
    settle("remove паспорт.pdf").fail({ status: 503, message: "Сервис недоступен" })
    await waitFor(actor, () => out() === 0)
    expect(actor.getSnapshot().context.failures.passport_scan).toEqual({ kind: "remove", failure: { status: 503, message: "Сервис недоступен", details: undefined } })
    actor.send({ type: "REMOVE", field: "passport_scan", scan })
    settle("remove паспорт.pdf").ok()
    await waitFor(actor, () => out() === 0)
    expect(actor.getSnapshot().context.said).toEqual({ kind: "removed", name: "паспорт.pdf" })
    expect(actor.getSnapshot().context.failures).toEqual({})
    expect(changed).toHaveBeenCalledTimes(1)
  })

  test("a download changes nothing; a failed one is its field's failure, kept by a later download", async () => {
    const { actor, settle, changed, out } = start()
    actor.send({ type: "DOWNLOAD", field: "snils_scan", scan })
    settle("download паспорт.pdf").fail(new Error("network"))
    await waitFor(actor, () => out() === 0)
    expect(actor.getSnapshot().context.failures.snils_scan?.kind).toBe("download")
    actor.send({ type: "DOWNLOAD", field: "snils_scan", scan })
    settle("download паспорт.pdf").ok()
    await waitFor(actor, () => out() === 0)
    expect(actor.getSnapshot().context.failures.snils_scan?.kind).toBe("download")
    expect(actor.getSnapshot().context.said).toBeNull()
    expect(changed).not.toHaveBeenCalled()
  })

  test("a field's failure is its own: another field's success leaves it", async () => {
    const { actor, settle, out } = start()
    actor.send({ type: "REMOVE", field: "passport_scan", scan })
    settle("remove паспорт.pdf").fail({ status: 500, message: "Ошибка" })
    await waitFor(actor, () => out() === 0)
    actor.send({ type: "STORED", field: "snils_scan", files: [file("b.pdf")] })
    settle("attach b.pdf").ok()
    await waitFor(actor, () => out() === 0)
    expect(Object.keys(actor.getSnapshot().context.failures)).toEqual(["passport_scan"])
  })
})
