import { ACCREDITATION_LABELS as A } from "../accreditation.ts"
import { REQUISITE_LABELS as L } from "../requisites.ts"
import { save } from "./parts/crm.ts"
import type { FormField } from "./types.ts"
import { definePreset } from "./types.ts"

const text = (name: keyof typeof L, placeholder: string, max = 500, required = true): FormField => ({
  name,
  type: "input",
  label: L[name],
  placeholder,
  validations: [...(required ? (["required"] as const) : []), { name: "maxLength", args: [max] }],
})

/** Digits only, exactly `n` of them (БИК, the bank's accounts). */
const digits = (name: keyof typeof L, n: number, cls: "half" | "third"): FormField => ({
  name,
  type: "input",
  label: L[name],
  placeholder: `${n} цифр`,
  class: cls,
  validations: ["required", "numeric", { name: "length", args: [n] }],
  attributes: { inputMode: "numeric" },
})

/**
 * Preset `crm_requisites_frm`: the operator's requisites as a Russian invoice prints them (the
 * organisation, its bank, its signatories), one record edited at /crm/requisites. Every value but the
 * postal address is required: a document is made only from a complete record.
 */
export const crm_requisites_frm = definePreset({
  id: "crm_requisites_frm",
  fields: [
    text("name", "Например, ООО «Удостоверяющий центр»"),
    { name: "inn", type: "input", label: L.inn, placeholder: "10 цифр", mask: "inn10", class: "third", validations: ["required", "inn", { name: "length", args: [10] }], attributes: { inputMode: "numeric" } },
    { name: "kpp", type: "input", label: L.kpp, placeholder: "9 цифр", mask: "kpp", class: "third", validations: ["required", "kpp"], attributes: { inputMode: "numeric" } },
    { name: "ogrn", type: "input", label: L.ogrn, placeholder: "13 цифр", mask: "ogrn", class: "third", validations: ["required", { name: "ogrn", args: [13] }], attributes: { inputMode: "numeric" } },
    text("legal_address", "Индекс, город, улица, дом, помещение"),
    { ...text("postal_address", "Если отличается от юридического", 500, false), attributes: { hint: "Пусто — совпадает с юридическим" } },
    { name: "phone", type: "input", label: L.phone, placeholder: "+7 (___) ___-__-__", mask: "phone", class: "half", validations: ["required", "phone"], attributes: { type: "tel", inputMode: "tel" } },
    { name: "email", type: "input", label: L.email, class: "half", validations: ["required", "email", { name: "maxLength", args: [255] }], attributes: { type: "email", inputMode: "email" } },
    text("bank_name", "Например, ПАО Сбербанк, г. Москва"),
    digits("bik", 9, "third"),
    digits("correspondent_account", 20, "third"),
    digits("account", 20, "third"),
    { ...text("head_position", "Например, Генеральный директор", 255), class: "half" },
    { ...text("head_name", "Фамилия Имя Отчество", 255), class: "half" },
    { ...text("accountant_name", "Фамилия Имя Отчество", 255), class: "half" },
    // Optional: a CA without accreditation (the demo) leaves them blank and the public page says nothing of it.
    { name: "accreditation_number", type: "input", label: A.accreditation_number, class: "third", validations: [{ name: "maxLength", args: [100] }], attributes: { hint: "Пусто — сведения об аккредитации не показываются" } },
    { name: "accreditation_date", type: "calendar", label: A.accreditation_date, placeholder: "дд.мм.гггг", mask: "date", class: "third", validations: ["dateCorrect"] },
    { name: "accreditation_order", type: "input", label: A.accreditation_order, placeholder: "Например, приказ от 01.02.2021 № 123", class: "third", validations: [{ name: "maxLength", args: [500] }] },
    save,
  ],
})
