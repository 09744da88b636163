import { describe, expect, test } from "vitest"
import { presets } from "../../schemas/forms/index.ts"
import { user_pswd_edit_frm } from "../../schemas/forms/user_pswd_edit_frm.ts"
import { user_sign_up_frm } from "../../schemas/forms/user_sign_up_frm.ts"
import { valuesOf } from "../../schemas/forms/values.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validateForm, validatePresetInput } from "../../schemas/rules/index.ts"

const v = messages.validation
const GOOD = {
  fullname: "Иванов Иван Иванович",
  email: "ivanov@example.ru",
  mobile_phone: "+7 (999) 123-45-67",
  password: "Nw-Pass7x!",
  password_confirmation: "Nw-Pass7x!",
  captcha: { id: "0".repeat(32), answer: "12345" },
  agreement: true,
}
const check = (values: Record<string, unknown>) => validateForm(user_sign_up_frm, valuesOf(user_sign_up_frm, values as never))

describe("the sign-up form (user_sign_up_frm)", () => {
  test("is in the catalogue under its id, with one submit «Зарегистрироваться»", () => {
    expect(presets.user_sign_up_frm).toBe(user_sign_up_frm)
    expect(user_sign_up_frm.fields.filter((f) => f.type === "submit").map((f) => f.label)).toEqual(["Зарегистрироваться"])
  })

  test("an empty form: every field is required, the consent too", () => {
    expect(check({})).toEqual({
      fullname: [v.required],
      email: [v.required],
      mobile_phone: [v.required],
      password: [v.required],
      password_confirmation: [v.required],
      captcha: [v.required],
      agreement: [v.required],
    })
  })

  test("a filled form passes", () => {
    expect(check(GOOD)).toEqual({})
  })

  test("the name in Russian, a real e-mail, a Russian mobile number", () => {
    expect(check({ ...GOOD, fullname: "Ivanov Ivan" })).toEqual({ fullname: [v.nolatin] })
    expect(check({ ...GOOD, email: "не почта" })).toEqual({ email: [v.email] })
    expect(check({ ...GOOD, mobile_phone: "+1 202 555 0123" })).toEqual({ mobile_phone: [v.phone] })
    expect(check({ ...GOOD, mobile_phone: "8 999 123 45 67" })).toEqual({})
  })

  test("the password under the password-change form's rules and hint, repeated exactly", () => {
    const pick = (id: string) => user_sign_up_frm.fields.find((f) => f.name === id)
    const theirs = (id: string) => user_pswd_edit_frm.fields.find((f) => f.name === id)
    for (const name of ["hint", "password", "password_confirmation"]) {
      expect(pick(name)?.validations, name).toEqual(theirs(name)?.validations)
      expect(pick(name)?.attributes?.text, name).toBe(theirs(name)?.attributes?.text)
    }
    expect(pick("password")?.attributes).toMatchObject({ type: "password", autoComplete: "new-password" })
    expect(check({ ...GOOD, password: "qwerty12", password_confirmation: "qwerty12" })).toEqual({ password: [v.password] })
    expect(check({ ...GOOD, password_confirmation: "Nw-Pass7x" })).toEqual({ password_confirmation: [messages.accounts.passwordMismatch] })
  })

  test("the server reads a body with the same preset: the same messages, unknown keys dropped", () => {
    const body = { ...GOOD, fullname: "John", role: "admin" }
    const read = validatePresetInput(user_sign_up_frm, body)
    expect(read).toEqual({ ok: false, errors: { fullname: [v.nolatin] } })
    const ok = validatePresetInput(user_sign_up_frm, GOOD)
    expect(ok.ok && Object.keys(ok.value).sort()).toEqual(["agreement", "captcha", "email", "fullname", "mobile_phone", "password", "password_confirmation"])
    expect(validatePresetInput(user_sign_up_frm, { ...GOOD, captcha: "solved" })).toEqual({ ok: false, errors: { captcha: [v.generic] } })
  })
})
