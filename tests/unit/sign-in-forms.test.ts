import { describe, expect, test } from "vitest"
import { createActor, fromPromise } from "xstate"
import { signInMachine, type Credentials } from "../../machines/sign-in.machine.ts"
import { admin_auth_frm } from "../../schemas/forms/admin_auth_frm.ts"
import { auth_frm } from "../../schemas/forms/auth_frm.ts"
import { valuesOf } from "../../schemas/forms/values.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validateForm } from "../../schemas/rules/index.ts"
import { signInFailure } from "../../src/api/errors.ts"
import { signInSettled } from "../../src/features/auth/SignInForm.tsx"
import { submitThrough } from "../../src/features/forms/flow-submit.ts"

// Moved from crm-edit.resources.test.ts: the admin form is checked by its preset's rules in the engine.
describe("sign-in presets", () => {
  test("admin sign-in form errors are keyed by the form's fields", () => {
    expect(validateForm(admin_auth_frm, valuesOf(admin_auth_frm, { email: "нет", password: "" }))).toEqual({ email: ["Укажите верный email"], password: ["Обязательно для заполнения"] })
    expect(validateForm(admin_auth_frm, valuesOf(admin_auth_frm, { email: "a@b.ru", password: "x" }))).toEqual({})
  })

  test("the site's sign-in asks e-mail and password, remember is optional", () => {
    expect(validateForm(auth_frm, valuesOf(auth_frm, {}))).toEqual({ email: [messages.validation.required], password: [messages.validation.required] })
    expect(validateForm(auth_frm, valuesOf(auth_frm, { email: "user@demo.local", password: "x" }))).toEqual({})
  })
})

describe("sign-in failure text (SPEC.md section 8)", () => {
  test("a 401 or a failure without text gives the default; a 422 the builder's text; else the server's message", () => {
    expect(signInFailure({ message: "Требуется авторизация", status: 401, details: undefined }).message).toBe(messages.http.signInFailed)
    expect(signInFailure({ message: "", status: undefined, details: undefined }).message).toBe(messages.http.signInFailed)
    expect(signInFailure({ message: "x", status: 422, details: { password: ["Неверный пароль"] } })).toEqual({ message: "Неверный пароль.", status: 422, details: { password: ["Неверный пароль"] } })
    expect(signInFailure({ message: "Подтвердите учетную запись по ссылке из письма", status: 403, details: undefined }).message).toBe("Подтвердите учетную запись по ссылке из письма")
  })
})

describe("the form's submit settles with the sign-in flow's outcome", () => {
  const creds: Credentials = { email: "user@demo.local", password: "pw", remember: false }
  const start = (signIn: () => Promise<unknown>) =>
    createActor(signInMachine.provide({ actors: { signIn: fromPromise<unknown, Credentials>(() => signIn()) } }), { input: {} }).start()

  test("resolves when the flow succeeds", async () => {
    const actor = start(async () => ({ jwt: "t" }))
    await expect(submitThrough(actor, { type: "SUBMIT", credentials: creds }, signInSettled)).resolves.toBeNull()
    expect(actor.getSnapshot().value).toBe("success")
  })

  test("rejects with the flow's failure: message, status and field details (a 422's go next to the fields)", async () => {
    const actor = start(() => Promise.reject({ message: "Ошибка", status: 422, details: { email: ["Укажите верный email"] } }))
    await expect(submitThrough(actor, { type: "SUBMIT", credentials: creds }, signInSettled)).rejects.toEqual({ message: "Ошибка", status: 422, details: { email: ["Укажите верный email"] } })
    expect(actor.getSnapshot().value).toBe("failure")
  })

  test("a second submit after a failure waits for its own outcome, with the default message", async () => {
    let n = 0
    const actor = start(() => (n++ === 0 ? Promise.reject({ status: 500, message: "Внутренняя ошибка сервера" }) : Promise.reject({ status: 401 })))
    await expect(submitThrough(actor, { type: "SUBMIT", credentials: creds }, signInSettled)).rejects.toMatchObject({ message: "Внутренняя ошибка сервера", status: 500 })
    await expect(submitThrough(actor, { type: "SUBMIT", credentials: creds }, signInSettled)).rejects.toMatchObject({ message: messages.http.signInFailed, status: 401 })
  })
})
