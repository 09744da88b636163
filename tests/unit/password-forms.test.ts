import { describe, expect, test } from "vitest"
import { forgot_password_frm } from "../../schemas/forms/forgot_password_frm.ts"
import { user_confirm_phone_frm } from "../../schemas/forms/user_confirm_phone_frm.ts"
import { user_pswd_edit_frm } from "../../schemas/forms/user_pswd_edit_frm.ts"
import { valuesOf } from "../../schemas/forms/values.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validateForm } from "../../schemas/rules/index.ts"

const GOOD = "Nw-Pass7x!"
const check = (preset: Parameters<typeof validateForm>[0], values: Record<string, string>) => validateForm(preset, valuesOf(preset, values))

// Moved from the password-reset and confirmation machine tests: the form engine checks the fields by
// their presets before the flow machine gets a SUBMIT.
describe("the reset request form (forgot_password_frm)", () => {
  test("a blank or malformed e-mail never reaches the API: the rule's message is shown", () => {
    expect(check(forgot_password_frm, { email: "" })).toEqual({ email: [messages.validation.required] })
    expect(check(forgot_password_frm, { email: "не почта" })).toEqual({ email: [messages.validation.email] })
    expect(check(forgot_password_frm, { email: "user@demo.local" })).toEqual({})
  })
})

describe("the new password form (user_pswd_edit_frm)", () => {
  test("every password rule, and sameAs for the confirmation", () => {
    expect(check(user_pswd_edit_frm, {})).toEqual({ password: [messages.validation.required], password_confirmation: [messages.validation.required] })
    expect(check(user_pswd_edit_frm, { password: "qwerty12", password_confirmation: "other" })).toEqual({
      password: [messages.validation.password],
      password_confirmation: [messages.accounts.passwordMismatch],
    })
    expect(check(user_pswd_edit_frm, { password: GOOD, password_confirmation: "other" })).toEqual({ password_confirmation: [messages.accounts.passwordMismatch] })
    expect(check(user_pswd_edit_frm, { password: GOOD, password_confirmation: GOOD })).toEqual({})
  })
})

describe("the SMS code form (user_confirm_phone_frm)", () => {
  test("a malformed code is refused before the API", () => {
    expect(check(user_confirm_phone_frm, { phone_code: "" })).toEqual({ phone_code: [messages.validation.required] })
    expect(check(user_confirm_phone_frm, { phone_code: "12a" })).toEqual({ phone_code: ["Укажите только цифры"] })
    expect(check(user_confirm_phone_frm, { phone_code: "123456" })).toEqual({})
  })
})
