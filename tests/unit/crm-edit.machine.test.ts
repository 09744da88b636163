import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { crmEditMachine, fieldErrorsOf, type FormValues, type LoadedForm, type Validation } from "../../machines/crm-edit.machine.ts"
import { cities } from "../../schemas/resources/cities.ts"
import { validate } from "../../schemas/validate.ts"

const clientError = (status: number, message: string, details?: Record<string, unknown>) => Object.assign(new Error(message), { status, details })

function start(opts: {
  id?: string | null
  preload?: boolean
  load?: (id: string | null) => Promise<LoadedForm>
  save?: (i: { id: string | null; payload: unknown }) => Promise<unknown>
} = {}) {
  const notifySaved = vi.fn()
  const reportError = vi.fn()
  const save = vi.fn(opts.save ?? (async ({ payload }) => ({ id: "9", payload })))
  const actor = createActor(
    crmEditMachine.provide({
      actors: {
        loadRecord: fromPromise<LoadedForm, { id: string | null }>(async ({ input }) => (opts.load ?? (async () => ({ values: { name: "Казань", slug: "kazan" } })))(input.id)),
        // The same schema the API decodes with.
        validateForm: fromPromise<Validation, { values: FormValues }>(async ({ input }) => validate(cities.edit!.input, cities.edit!.fromForm(input.values))),
        saveRecord: fromPromise(async ({ input }) => save(input)),
      },
      actions: { notifySaved: (_, p) => notifySaved(p), reportError: (_, p) => reportError(p.error) },
    }),
    { input: { id: opts.id ?? null, values: { name: "", slug: "" }, preload: opts.preload } },
  ).start()
  return { actor, notifySaved, reportError, save }
}

describe("crm edit machine", () => {
  test("a new record is edited at once; an existing one is loaded first", async () => {
    expect(start().actor.getSnapshot().matches("editing")).toBe(true)
    const { actor } = start({ id: "4" })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.values).toEqual({ name: "Казань", slug: "kazan" })
  })

  test("a new record with select options loads them first", async () => {
    const { actor } = start({ preload: true, load: async () => ({ options: { menu_items: [{ value: "1", label: "Помощь" }] } }) })
    expect(actor.getSnapshot().matches("loading")).toBe(true)
    await waitFor(actor, (s) => s.matches("editing"))
    expect(actor.getSnapshot().context.options.menu_items).toHaveLength(1)
    expect(actor.getSnapshot().context.values).toEqual({ name: "", slug: "" })
  })

  test("a failed load is loadFailed, with its status; RETRY loads again", async () => {
    let n = 0
    const { actor } = start({ id: "404", load: async () => (n++ === 0 ? Promise.reject(clientError(404, "Запись не найдена")) : { values: { name: "Уфа", slug: "ufa" } }) })
    await waitFor(actor, (s) => s.matches("loadFailed"))
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 404, message: "Запись не найдена" })
    actor.send({ type: "RETRY" })
    await waitFor(actor, (s) => s.matches("editing"))
  })

  test("invalid values never reach the API; messages are the schema's", async () => {
    const { actor, save } = start()
    actor.send({ type: "CHANGE", name: "slug", value: "Не латиница" })
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("invalid"))
    expect(actor.getSnapshot().context.errors).toEqual({ name: ["Обязательно для заполнения"], slug: ["Используйте строчные латинские буквы, цифры и дефис"] })
    expect(save).not.toHaveBeenCalled()
    actor.send({ type: "CHANGE", name: "name", value: "Тверь" })
    expect(actor.getSnapshot().context.errors.name).toBeUndefined()
    expect(actor.getSnapshot().context.errors.slug).toBeDefined()
  })

  test("valid values are saved and reported", async () => {
    const { actor, save, notifySaved } = start()
    actor.send({ type: "CHANGE", name: "name", value: "Тверь" })
    actor.send({ type: "CHANGE", name: "slug", value: "tver" })
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.status === "done")
    expect(save).toHaveBeenCalledWith({ id: null, payload: { name: "Тверь", slug: "tver" } })
    expect(notifySaved).toHaveBeenCalledWith(expect.objectContaining({ id: null }))
  })

  test("a 422 puts the server's messages next to the fields", async () => {
    const { actor, reportError } = start({ save: async () => Promise.reject(clientError(422, "x", { slug: ["Город с таким адресом уже существует"] })) })
    actor.send({ type: "CHANGE", name: "name", value: "Москва-2" })
    actor.send({ type: "CHANGE", name: "slug", value: "moskva" })
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("invalid"))
    expect(actor.getSnapshot().context.errors).toEqual({ slug: ["Город с таким адресом уже существует"] })
    expect(reportError).not.toHaveBeenCalled()
  })

  test("another failure is reported and the form stays editable", async () => {
    let n = 0
    const { actor, reportError } = start({ save: async () => (n++ === 0 ? Promise.reject(clientError(500, "Внутренняя ошибка сервера")) : { id: "1" }) })
    actor.send({ type: "CHANGE", name: "name", value: "Тверь" })
    actor.send({ type: "CHANGE", name: "slug", value: "tver" })
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }))
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("saved"))
  })

  test("fieldErrorsOf turns any 422 body into lists of strings", () => {
    expect(fieldErrorsOf({ a: "x", b: ["y", "z"] })).toEqual({ a: ["x"], b: ["y", "z"] })
    expect(fieldErrorsOf(undefined)).toEqual({})
  })
})
