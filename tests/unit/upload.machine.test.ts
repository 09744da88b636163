import { describe, expect, test } from "vitest"
import { createActor, fromCallback } from "xstate"
import { type UploadEvent, uploadMachine, type UploadSource } from "../../machines/upload.machine.ts"

const source: UploadSource = { name: "скан паспорта.pdf", size: 120_000, type: "application/pdf" }
const stored = { name: "скан паспорта.pdf", url: "/uploads/2026/11/ab12.pdf", size: 120_000, type: "application/pdf" }

/** An upload actor whose sender hands the test its `sendBack` and counts starts and aborts. */
function start() {
  const senders: Array<(e: UploadEvent) => void> = []
  const sent: UploadSource[] = []
  let aborted = 0
  const machine = uploadMachine.provide({
    actors: {
      send: fromCallback<UploadEvent, UploadSource>(({ sendBack, input }) => {
        sent.push(input)
        senders.push(sendBack)
        return () => {
          aborted += 1
        }
      }),
    },
  })
  const actor = createActor(machine, { input: { source } }).start()
  return { actor, senders, sent, aborted: () => aborted }
}

describe("uploadMachine", () => {
  test("waits in idle, sends on START and reports the percent sent", () => {
    const { actor, senders, sent } = start()
    expect(actor.getSnapshot().value).toBe("idle")
    expect(sent).toEqual([])
    actor.send({ type: "START" })
    expect(actor.getSnapshot()).toMatchObject({ value: "uploading", context: { progress: 0 } })
    expect(sent).toEqual([source])
    senders[0]?.({ type: "PROGRESS", percent: 42.4 })
    expect(actor.getSnapshot().context.progress).toBe(42)
    senders[0]?.({ type: "PROGRESS", percent: 250 })
    expect(actor.getSnapshot().context.progress).toBe(100)
    senders[0]?.({ type: "PROGRESS", percent: Number.NaN })
    expect(actor.getSnapshot().context.progress).toBe(0)
  })

  test("done keeps the server's file", () => {
    const { actor, senders, aborted } = start()
    actor.send({ type: "START" })
    senders[0]?.({ type: "UPLOADED", file: stored })
    expect(actor.getSnapshot()).toMatchObject({ value: "done", status: "done", context: { result: stored, progress: 100 } })
    // Leaving `uploading` stops the sender (nothing left to abort, but the cleanup runs).
    expect(aborted()).toBe(1)
  })

  test("a failure shows the message; RETRY sends again from 0 and clears it", () => {
    const { actor, senders, sent } = start()
    actor.send({ type: "START" })
    senders[0]?.({ type: "PROGRESS", percent: 70 })
    senders[0]?.({ type: "FAILED", message: "Недопустимый формат файла" })
    expect(actor.getSnapshot()).toMatchObject({ value: "failed", context: { error: "Недопустимый формат файла" } })
    actor.send({ type: "RETRY" })
    expect(actor.getSnapshot()).toMatchObject({ value: "uploading", context: { progress: 0, error: null } })
    expect(sent).toHaveLength(2)
    senders[1]?.({ type: "UPLOADED", file: stored })
    expect(actor.getSnapshot().value).toBe("done")
  })

  test("reports outside uploading change nothing", () => {
    const { actor } = start()
    actor.send({ type: "UPLOADED", file: stored })
    actor.send({ type: "RETRY" })
    expect(actor.getSnapshot()).toMatchObject({ value: "idle", context: { result: null } })
  })

  test("stopping the actor while uploading aborts the request", () => {
    const { actor, aborted } = start()
    actor.send({ type: "START" })
    actor.stop()
    expect(aborted()).toBe(1)
  })
})
