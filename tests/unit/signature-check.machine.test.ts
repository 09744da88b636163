import { describe, expect, test } from "vitest"
import { createActor, fromCallback } from "xstate"
import { type CheckEvent, type CheckFiles, type CheckMode, signatureCheckMachine } from "../../machines/signature-check.machine.ts"

const files = { signature: { name: "договор.sig" }, document: { name: "договор.pdf" } }
const report = { valid: true, verdict: "Подпись действительна", signers: [] }

/** An actor whose sender hands the test its `sendBack` and counts starts and aborts. */
function start() {
  const senders: Array<(e: CheckEvent) => void> = []
  const sent: Array<{ mode: CheckMode; files: CheckFiles }> = []
  let aborted = 0
  const machine = signatureCheckMachine.provide({
    actors: {
      send: fromCallback<CheckEvent, { mode: CheckMode; files: CheckFiles }>(({ sendBack, input }) => {
        sent.push(input)
        senders.push(sendBack)
        return () => {
          aborted += 1
        }
      }),
    },
  })
  const actor = createActor(machine).start()
  return { actor, senders, sent, aborted: () => aborted }
}

describe("signatureCheckMachine", () => {
  test("starts editing a signature check; MODE switches to a certificate and clears the errors", () => {
    const { actor, sent } = start()
    expect(actor.getSnapshot()).toMatchObject({ value: "editing", context: { mode: "signature", errors: {} } })
    actor.send({ type: "SUBMIT", files: {}, errors: { signature: ["Выберите файл"] } })
    expect(actor.getSnapshot()).toMatchObject({ value: "editing", context: { errors: { signature: ["Выберите файл"] } } })
    expect(sent).toEqual([])
    actor.send({ type: "MODE", mode: "certificate" })
    expect(actor.getSnapshot()).toMatchObject({ value: "editing", context: { mode: "certificate", errors: {} } })
  })

  test("SUBMIT sends the files of the mode, reports the percent, and keeps the report", () => {
    const { actor, senders, sent, aborted } = start()
    actor.send({ type: "SUBMIT", files, errors: {} })
    expect(actor.getSnapshot()).toMatchObject({ value: "sending", context: { progress: 0 } })
    expect(sent).toEqual([{ mode: "signature", files }])
    senders[0]?.({ type: "PROGRESS", percent: 37.6 })
    expect(actor.getSnapshot().context.progress).toBe(38)
    senders[0]?.({ type: "PROGRESS", percent: 400 })
    expect(actor.getSnapshot().context.progress).toBe(100)
    senders[0]?.({ type: "CHECKED", report })
    expect(actor.getSnapshot()).toMatchObject({ value: "result", context: { report, progress: 100 } })
    expect(aborted()).toBe(1)
    actor.send({ type: "EDIT" })
    expect(actor.getSnapshot()).toMatchObject({ value: "editing", context: { report: null, files: {} } })
  })

  test("a 422's field errors go back to the form; a failure without them waits for RETRY with the same files", () => {
    const { actor, senders, sent } = start()
    actor.send({ type: "SUBMIT", files })
    senders[0]?.({ type: "FAILED", message: "Файл не является подписью", errors: { signature: ["Файл не является подписью"] } })
    expect(actor.getSnapshot()).toMatchObject({ value: "editing", context: { errors: { signature: ["Файл не является подписью"] } } })
    actor.send({ type: "SUBMIT", files })
    senders[1]?.({ type: "FAILED", message: "Нет связи с сервером. Попробуйте ещё раз." })
    expect(actor.getSnapshot()).toMatchObject({ value: "failed", context: { message: "Нет связи с сервером. Попробуйте ещё раз." } })
    actor.send({ type: "RETRY" })
    expect(actor.getSnapshot()).toMatchObject({ value: "sending", context: { message: null } })
    expect(sent).toEqual([{ mode: "signature", files }, { mode: "signature", files }, { mode: "signature", files }])
    senders[2]?.({ type: "FAILED", message: "Ошибка" })
    actor.send({ type: "EDIT" })
    expect(actor.getSnapshot()).toMatchObject({ value: "editing", context: { message: null } })
  })

  test("CANCEL aborts the request and returns to the form; MODE is ignored while sending", () => {
    const { actor, aborted } = start()
    actor.send({ type: "SUBMIT", files })
    actor.send({ type: "MODE", mode: "certificate" })
    expect(actor.getSnapshot().context.mode).toBe("signature")
    actor.send({ type: "CANCEL" })
    expect(actor.getSnapshot().value).toBe("editing")
    expect(aborted()).toBe(1)
  })
})
