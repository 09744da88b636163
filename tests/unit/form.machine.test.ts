import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { formMachine, isShown, visibleErrors } from "../../machines/form.machine.ts"
import { definePreset, type FormValues } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages/common.ts"

const preset = definePreset({
  id: "test_frm",
  fields: [
    { name: "name", type: "input", label: "Имя", validations: ["required"] },
    { name: "phone", type: "input", label: "Телефон", validations: ["phone"] },
    { name: "agreement", type: "checkbox", label: "Согласие", validations: ["checkboxRequired"] },
    { name: "submit", type: "submit", label: "Отправить" },
  ],
})
const good: FormValues = { name: "Иван", phone: "+7 (999) 123-45-67", agreement: true }

function start(opts: { submit?: (v: FormValues) => Promise<unknown>; before?: (v: FormValues) => Promise<void>; values?: FormValues } = {}) {
  const calls: string[] = []
  const submit = vi.fn(async (values: FormValues) => {
    calls.push("submit")
    return opts.submit ? opts.submit(values) : { ok: true }
  })
  const before = vi.fn(async (values: FormValues) => {
    calls.push("before")
    await opts.before?.(values)
  })
  const succeeded = vi.fn()
  const failed = vi.fn()
  const logFailure = vi.fn()
  const actor = createActor(
    formMachine.provide({
      actors: {
        beforeSubmit: fromPromise(async ({ input }) => before(input.values)),
        submit: fromPromise(async ({ input }) => submit(input.values)),
      },
      actions: {
        succeeded: (_, p) => succeeded(p.output, p.values),
        failed: (_, p) => failed(p.error),
        logFailure: (_, p) => logFailure(p.error),
      },
    }),
    { input: { preset, values: opts.values } },
  ).start()
  return { actor, submit, before, succeeded, failed, logFailure, calls }
}

const fill = (actor: ReturnType<typeof start>["actor"], values: FormValues) => {
  for (const [name, value] of Object.entries(values)) actor.send({ type: "CHANGE", name, value: value as never })
}

describe("form machine (submit lifecycle)", () => {
  test("starts with each field's empty value; buttons hold none; no error is shown before a touch", () => {
    const { actor } = start()
    const { context } = actor.getSnapshot()
    expect(context.values).toEqual({ name: "", phone: "", agreement: false })
    expect(context.errors.name).toEqual([messages.validation.required])
    expect(visibleErrors(context, "name")).toEqual([])
    actor.send({ type: "BLUR", name: "name" })
    expect(visibleErrors(actor.getSnapshot().context, "name")).toEqual([messages.validation.required])
  })

  test("an invalid form runs the before-submit tasks, marks every field touched and stops", async () => {
    const { actor, submit, before } = start()
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("editing"))
    expect(before).toHaveBeenCalledTimes(1)
    expect(submit).not.toHaveBeenCalled()
    const { context } = actor.getSnapshot()
    expect(context.touched).toEqual({ name: true, phone: true, agreement: true })
    expect(visibleErrors(context, "name")).toEqual([messages.validation.required])
    expect(visibleErrors(context, "agreement")).toEqual([messages.validation.required])
  })

  test("a valid form is sent after the before-submit tasks; the button is disabled while sending and enabled after", async () => {
    let release: (v: unknown) => void = () => {}
    const { actor, calls, succeeded } = start({ submit: () => new Promise((r) => (release = r)) })
    fill(actor, good)
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("submitting"))
    expect(calls).toEqual(["before", "submit"])
    actor.send({ type: "SUBMIT" })
    expect(calls).toEqual(["before", "submit"])
    release({ id: "7" })
    await waitFor(actor, (s) => s.matches("editing"))
    expect(succeeded).toHaveBeenCalledWith({ id: "7" }, good)
    expect(actor.getSnapshot().context.submitted).toBe(1)
  })

  test("a failed submit is logged, reported, and the form is editable again", async () => {
    const { actor, failed, logFailure } = start({ submit: async () => Promise.reject({ status: 500, message: messages.http.serverError }) })
    fill(actor, good)
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.error !== null)
    expect(logFailure).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }))
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ message: messages.http.serverError }))
    expect(actor.getSnapshot().context.serverErrors).toEqual({})
  })

  test("a 422's field errors are shown next to their fields until the field changes", async () => {
    const details = { phone: [messages.accounts.phone], unknown_key: ["x"] }
    const { actor } = start({ submit: async () => Promise.reject({ status: 422, message: "x", details }) })
    fill(actor, good)
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.error !== null)
    expect(actor.getSnapshot().context.serverErrors).toEqual({ phone: [messages.accounts.phone] })
    expect(visibleErrors(actor.getSnapshot().context, "phone")).toEqual([messages.accounts.phone])
    actor.send({ type: "CHANGE", name: "phone", value: "+7 (999) 123-45-68" })
    expect(visibleErrors(actor.getSnapshot().context, "phone")).toEqual([])
  })

  test("a failing before-submit task stops the submit and is logged", async () => {
    const { actor, submit, logFailure } = start({ before: async () => Promise.reject(new Error("нет связи")) })
    fill(actor, good)
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.error !== null)
    expect(submit).not.toHaveBeenCalled()
    expect(logFailure).toHaveBeenCalledWith(expect.objectContaining({ message: "нет связи" }))
  })

  test("RELOAD swaps the preset and keeps the values of the fields that remain", () => {
    const { actor } = start({ values: { name: "Иван", phone: "89991234567" } })
    const next = definePreset({
      id: "test_frm",
      fields: [
        { name: "name", type: "input", label: "Имя", validations: ["required"] },
        { name: "topics", type: "checkboxgroup", label: "Темы" },
      ],
    })
    actor.send({ type: "BLUR", name: "phone" })
    actor.send({ type: "RELOAD", preset: next })
    const { context } = actor.getSnapshot()
    expect(context.preset).toBe(next)
    expect(context.values).toEqual({ name: "Иван", topics: [] })
    expect(context.touched).toEqual({})
  })
})

describe("form machine: a captcha the server refused", () => {
  const withCaptcha = definePreset({
    id: "captcha_frm",
    fields: [
      { name: "message", type: "textarea", label: "Отзыв", validations: ["required"] },
      { name: "captcha", type: "rucaptcha", label: "Проверка", validations: ["required"] },
    ],
  })
  const wrong = "Проверка не пройдена. Дождитесь новой проверки и отправьте ещё раз"

  test("is cleared for a new challenge; the message stays until the next submit, the new solution does not drop it", async () => {
    const actor = createActor(
      formMachine.provide({
        actors: { submit: fromPromise<unknown, { values: FormValues }>(async () => Promise.reject({ status: 422, message: "x", details: { captcha: [wrong] } })) },
        actions: { logFailure: () => {} },
      }),
      { input: { preset: withCaptcha, values: { message: "Всё хорошо", captcha: { id: "a1", answer: "1187" } } } },
    ).start()
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.error !== null)
    expect(actor.getSnapshot().context.values.captcha).toBeNull()
    actor.send({ type: "CHANGE", name: "captcha", value: { id: "b2", answer: "" } })
    expect(visibleErrors(actor.getSnapshot().context, "captcha")).toEqual([wrong])
    actor.send({ type: "CHANGE", name: "captcha", value: { id: "b2", answer: "942" } })
    expect(visibleErrors(actor.getSnapshot().context, "captcha")).toEqual([wrong])
    expect(actor.getSnapshot().context.values.message).toBe("Всё хорошо")
  })
})

describe("form machine: a field shown on demand (the sign-in's challenge)", () => {
  const signIn = definePreset({
    id: "on_demand_frm",
    fields: [
      { name: "email", type: "input", label: "E-mail", validations: ["required"] },
      { name: "captcha", type: "rucaptcha", label: "Проверка", attributes: { onDemand: true } },
    ],
  })
  const asked = "Подтвердите, что входите вы: дождитесь окончания проверки и нажмите «Войти» ещё раз"
  const answers: unknown[] = []
  const failing = (...failures: unknown[]) =>
    createActor(
      formMachine.provide({
        actors: {
          submit: fromPromise<unknown, { values: FormValues }>(async ({ input }) => {
            answers.push(input.values.captcha)
            return Promise.reject(failures.shift())
          }),
        },
        actions: { logFailure: () => {} },
      }),
      { input: { preset: signIn, values: { email: "a@b.ru" } } },
    ).start()

  test("is hidden until a 422 names it, then shown for good; an answered captcha is cleared after any failure", async () => {
    const actor = failing({ status: 422, message: "x", details: { captcha: [asked] } }, { status: 401, message: "Неверное имя пользователя или пароль" })
    expect(isShown(actor.getSnapshot().context, signIn.fields[1]!)).toBe(false)
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.error !== null)
    expect(isShown(actor.getSnapshot().context, signIn.fields[1]!)).toBe(true)
    expect(visibleErrors(actor.getSnapshot().context, "captcha")).toEqual([asked])
    actor.send({ type: "CHANGE", name: "captcha", value: { id: "c3", answer: "1310" } })
    actor.send({ type: "SUBMIT" })
    await waitFor(actor, (s) => s.matches("editing") && s.context.error?.status === 401)
    expect(answers).toEqual([null, { id: "c3", answer: "1310" }])
    // The server used the answer up with the wrong password: a new challenge, and the field stays.
    expect(actor.getSnapshot().context.values.captcha).toBeNull()
    expect(isShown(actor.getSnapshot().context, signIn.fields[1]!)).toBe(true)
  })
})

describe("form machine: starting over after a successful submit", () => {
  const search = definePreset({
    id: "search_frm",
    fields: [
      { name: "query", type: "input", label: "Номер", validations: ["required"] },
      { name: "captcha", type: "rucaptcha", label: "Проверка", validations: ["required"] },
    ],
  })
  const sent = (startOver?: "empty" | "typed", submit: () => Promise<unknown> = async () => ({ ok: true })) => {
    const actor = createActor(formMachine.provide({ actors: { submit: fromPromise<unknown, { values: FormValues }>(submit) }, actions: { logFailure: () => {} } }), {
      input: { preset: search, values: { query: "123", captcha: { id: "a1", answer: "77" } }, startOver },
    }).start()
    actor.send({ type: "SUBMIT" })
    return actor
  }

  test("empty: every field blank and untouched, no message shown, the challenge to be solved again", async () => {
    const actor = sent("empty")
    await waitFor(actor, (s) => s.matches("editing") && s.context.submitted === 1)
    const { values, touched, serverErrors, error } = actor.getSnapshot().context
    expect(values).toEqual({ query: "", captcha: null })
    expect(touched).toEqual({})
    expect(serverErrors).toEqual({})
    expect(error).toBeNull()
    expect(visibleErrors(actor.getSnapshot().context, "query")).toEqual([])
  })

  test("typed: the typed values stay, the used challenge is cleared", async () => {
    const actor = sent("typed")
    await waitFor(actor, (s) => s.matches("editing") && s.context.submitted === 1)
    expect(actor.getSnapshot().context.values).toEqual({ query: "123", captcha: null })
    expect(actor.getSnapshot().context.touched).toEqual({})
  })

  test("without it the form stays as sent; a failed submit never starts over", async () => {
    const stays = sent(undefined)
    await waitFor(stays, (s) => s.matches("editing") && s.context.submitted === 1)
    expect(stays.getSnapshot().context.values).toEqual({ query: "123", captcha: { id: "a1", answer: "77" } })
    const refused = sent("empty", async () => Promise.reject({ status: 500, message: "x" }))
    await waitFor(refused, (s) => s.matches("editing") && s.context.error !== null)
    expect(refused.getSnapshot().context.values.query).toBe("123")
  })
})
