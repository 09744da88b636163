import type { FormField } from "../types.ts"

/** A person's name as a visitor types it in a request form. */
export const contactName: FormField = {
  name: "name",
  type: "input",
  label: "Контактное лицо",
  placeholder: "Фамилия, имя и отчество",
  validations: ["required", "nolatin", { name: "maxLength", args: [100] }],
  attributes: { autoComplete: "name" },
}

/** How a visitor of a request or feedback form is addressed. */
export const visitorName: FormField = { ...contactName, label: "Как к вам обращаться", placeholder: "Имя или имя и отчество" }

export const email: FormField = {
  name: "email",
  type: "input",
  label: "E-mail",
  placeholder: "name@example.ru",
  mask: "email",
  class: "half",
  validations: ["required", "email", { name: "maxLength", args: [100] }],
  attributes: { type: "email", inputMode: "email", autoComplete: "email" },
}

export const phone: FormField = {
  name: "phone",
  type: "input",
  label: "Мобильный телефон",
  placeholder: "+7 (___) ___-__-__",
  mask: "phone",
  class: "half",
  validations: ["required", "phone"],
  attributes: { type: "tel", inputMode: "tel", autoComplete: "tel" },
}

/** A free-text comment of a request form. */
export const comment: FormField = {
  name: "comment",
  type: "textarea",
  label: "Комментарий",
  placeholder: "Уточните задачу, сроки или удобное время для звонка",
  validations: [{ name: "maxLength", args: [1000] }, "specialSymbolsComment"],
  attributes: { rows: 4 },
}
