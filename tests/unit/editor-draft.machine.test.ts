import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { type Draft, editorDraftMachine } from "../../machines/editor-draft.machine.ts"
import { EDITOR_AUTOSAVE_MS, EDITOR_DRAFT_TTL_MS } from "../../schemas/constants.ts"

const NOW = new Date("2026-11-20T10:00:00Z").getTime()
const KEY = "editor-draft:/crm/pages/1:crm_pages_frm-body"

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(NOW)
})
afterEach(() => vi.useRealTimers())

/** An editor-draft actor over an in-memory storage (the browser's is localStorage). */
function start(value: string, stored: Draft | null, options: { failSave?: boolean } = {}) {
  const storage = new Map<string, Draft>(stored ? [[KEY, stored]] : [])
  const restored: string[] = []
  const machine = editorDraftMachine.provide({
    actors: {
      loadDraft: fromPromise(async ({ input }: { input: { key: string } }) => storage.get(input.key) ?? null),
      saveDraft: fromPromise(async ({ input }: { input: { key: string; html: string } }) => {
        if (options.failSave) throw new Error("QuotaExceededError")
        storage.set(input.key, { html: input.html, savedAt: Date.now() })
      }),
      removeDraft: fromPromise(async ({ input }: { input: { key: string } }) => {
        storage.delete(input.key)
      }),
    },
  })
  const actor = createActor(machine, { input: { key: KEY, value } })
  actor.on("restore", ({ html }) => void restored.push(html))
  actor.start()
  return { actor, storage, restored }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

describe("editorDraftMachine", () => {
  test("no draft: editing, and nothing is saved while nothing changed", async () => {
    const { actor, storage } = start("<p>Текст</p>", null)
    await settle()
    expect(actor.getSnapshot().matches({ editing: "waiting" })).toBe(true)
    await vi.advanceTimersByTimeAsync(EDITOR_AUTOSAVE_MS * 3)
    expect(storage.size).toBe(0)
  })

  test("a change is saved at the next 60 s mark, not before, and only once", async () => {
    const { actor, storage } = start("<p>Текст</p>", null)
    await settle()
    await vi.advanceTimersByTimeAsync(10_000)
    actor.send({ type: "CHANGE", html: "<p>Текст и ещё</p>" })
    await vi.advanceTimersByTimeAsync(EDITOR_AUTOSAVE_MS - 10_001)
    expect(storage.size).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(storage.get(KEY)).toEqual({ html: "<p>Текст и ещё</p>", savedAt: NOW + EDITOR_AUTOSAVE_MS })
    await vi.advanceTimersByTimeAsync(EDITOR_AUTOSAVE_MS)
    expect(storage.get(KEY)?.savedAt).toBe(NOW + EDITOR_AUTOSAVE_MS)
    actor.send({ type: "CHANGE", html: "<p>Третья версия</p>" })
    await vi.advanceTimersByTimeAsync(EDITOR_AUTOSAVE_MS)
    expect(storage.get(KEY)).toEqual({ html: "<p>Третья версия</p>", savedAt: NOW + 3 * EDITOR_AUTOSAVE_MS })
  })

  test("a fresh draft that differs from the value is offered and restored into the editor", async () => {
    const draft = { html: "<p>Черновик</p>", savedAt: NOW - EDITOR_DRAFT_TTL_MS + 1000 }
    const { actor, restored, storage } = start("<p>Сохранено</p>", draft)
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: "offering", context: { draft } })
    // Autosave waits for the choice: the offered draft stays as it is.
    actor.send({ type: "CHANGE", html: "<p>Печатаю</p>" })
    await vi.advanceTimersByTimeAsync(EDITOR_AUTOSAVE_MS * 2)
    expect(storage.get(KEY)).toEqual(draft)
    actor.send({ type: "RESTORE" })
    expect(restored).toEqual(["<p>Черновик</p>"])
    expect(actor.getSnapshot()).toMatchObject({ value: { editing: "waiting" }, context: { html: "<p>Черновик</p>", saved: "<p>Черновик</p>", draft: null } })
  })

  test("a refused draft is removed", async () => {
    const { actor, storage, restored } = start("<p>Сохранено</p>", { html: "<p>Черновик</p>", savedAt: NOW - 1000 })
    await settle()
    actor.send({ type: "DISMISS" })
    await settle()
    expect(storage.size).toBe(0)
    expect(restored).toEqual([])
    expect(actor.getSnapshot()).toMatchObject({ value: { editing: "waiting" }, context: { html: "<p>Сохранено</p>" } })
  })

  test("a draft older than 30 minutes is removed, not offered", async () => {
    const { actor, storage } = start("<p>Сохранено</p>", { html: "<p>Черновик</p>", savedAt: NOW - EDITOR_DRAFT_TTL_MS })
    await settle()
    expect(actor.getSnapshot().matches("editing")).toBe(true)
    expect(storage.size).toBe(0)
  })

  test("a fresh draft equal to the value is not offered", async () => {
    const draft = { html: "<p>Сохранено</p>", savedAt: NOW - 1000 }
    const { actor, storage } = start("<p>Сохранено</p>", draft)
    await settle()
    expect(actor.getSnapshot().matches("editing")).toBe(true)
    expect(storage.get(KEY)).toEqual(draft)
  })

  test("a failed save leaves the change unsaved, for the next mark to try again", async () => {
    const { actor, storage } = start("", null, { failSave: true })
    await settle()
    actor.send({ type: "CHANGE", html: "<p>Текст</p>" })
    await vi.advanceTimersByTimeAsync(EDITOR_AUTOSAVE_MS)
    expect(actor.getSnapshot()).toMatchObject({ value: { editing: "waiting" }, context: { saved: "" } })
    expect(storage.size).toBe(0)
  })
})
