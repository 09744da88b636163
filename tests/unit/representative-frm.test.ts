import { describe, expect, test } from "vitest"
import { representative_frm } from "../../schemas/forms/representative_frm.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"

const valid = {
  legal_person_id: "1",
  last_name: "Петрова",
  first_name: "Мария",
  middle_name: "",
  position: "Главный бухгалтер",
  email: "petrova@romashka.ru",
  phone: "+7 (916) 222-33-44",
  snils: "",
  agreement: true,
}

describe("representative_frm", () => {
  test("SNILS may be left empty; when given, its check digits must hold", () => {
    expect(validatePresetInput(representative_frm, valid).ok).toBe(true)
    expect(validatePresetInput(representative_frm, { ...valid, snils: "112-233-445 95" }).ok).toBe(true)
    const bad = validatePresetInput(representative_frm, { ...valid, snils: "112-233-445 00" })
    expect(bad.ok ? {} : Object.keys(bad.errors)).toEqual(["snils"])
  })

  test("the legal person, the names, the position, the contacts and the agreement are required", () => {
    const r = validatePresetInput(representative_frm, { legal_person_id: "", middle_name: "Smith" })
    expect(r.ok ? [] : Object.keys(r.errors).sort()).toEqual(["agreement", "email", "first_name", "last_name", "legal_person_id", "middle_name", "phone", "position"])
  })
})
