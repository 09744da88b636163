import { describe, expect, test } from "vitest"
import type { FormValues } from "../../machines/crm-edit.machine.ts"
import { adminUsers } from "../../schemas/resources/admin-users.ts"
import { user_pswd_edit_frm } from "../../schemas/forms/user_pswd_edit_frm.ts"
import { validateForm } from "../../schemas/rules/index.ts"
import { ResetInput } from "../../schemas/entities/user.ts"
import { messages } from "../../schemas/messages/common.ts"
import { validate } from "../../schemas/validate.ts"

const v = messages.validation

describe("the password rule, the same in the forms and the API", () => {
  test("the reset form answers what the server's ResetInput answers", () => {
    for (const password of ["", "short1!A", "Abcdefg1!", "Пароль1!Ab", "Nw-Pass7x!", "has space1!A", "Xroot-91!"]) {
      const form = validateForm(user_pswd_edit_frm, { password, password_confirmation: password }).password
      const api = validate(ResetInput, { reset_password_token: "t", password, password_confirmation: password })
      expect(form).toEqual(api.ok ? undefined : api.errors.password)
    }
  })

  test("admin users: password required on create, optional on edit, checked by the password rule", () => {
    const r = adminUsers.edit!
    // A new record's form validates with the create schema, an existing one's with the update schema.
    const check = (values: FormValues, id: string | null = null) => {
      const out = validate(r.inputFor(id), r.fromForm(values))
      return out.ok ? {} : out.errors
    }
    expect(check({ ...r.empty, email: "a@b.ru", fullname: "Иванов", role: "editor" })).toEqual({ password: [v.required] })
    expect(check({ ...r.empty, email: "a@b.ru", fullname: "Иванов", role: "editor", password: "weak" })).toEqual({ password: [v.password] })
    expect(check({ ...r.empty, email: "a@b.ru", fullname: "Иванов", role: "editor", password: "Nw-Pass7x!" })).toEqual({})
    expect(check({ ...r.empty, email: "a@b.ru", fullname: "Иванов", password: "Nw-Pass7x!" })).toEqual({ role: [v.required] })
    const edit = r.toForm({ id: "1", type: "admin_user", attributes: { email: "a@b.ru", fullname: "Иванов", role: "operator", office_id: 7 } })
    expect(check(edit, "1")).toEqual({})
    expect(r.fromForm(edit)).toEqual({ email: "a@b.ru", fullname: "Иванов", role: "operator", office_id: 7 })
    expect(check({ ...edit, password: "qwerty" }, "1")).toEqual({ password: [v.password] })
  })
})
