import { companyParty } from "./parts/company.ts"
import { consentFields } from "./parts/consent.ts"
import { comment, contactName, email, phone } from "./parts/contacts.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `corporate_frm`: the request of a corporate client (/corporate): signatures for many
 * employees, with a manager's offer. The company comes from the suggestions; its INN is filled in.
 */
export const corporate_frm = definePreset({
  id: "corporate_frm",
  fields: [
    companyParty("Организация", "Название или ИНН организации"),
    {
      name: "inn",
      type: "input",
      label: "ИНН организации",
      placeholder: "10 цифр",
      mask: "inn10",
      class: "half",
      validations: ["required", "inn", { name: "length", args: [10] }],
      attributes: { inputMode: "numeric" },
    },
    {
      name: "certificates_count",
      type: "input",
      label: "Сколько нужно подписей",
      placeholder: "Число",
      mask: "number",
      class: "half",
      validations: ["required", "numeric", { name: "maxLength", args: [5] }],
      attributes: { inputMode: "numeric" },
    },
    {
      name: "purposes",
      type: "checkboxgroup",
      label: "Для чего нужны подписи",
      attributes: {
        options: [
          { value: "44fz", label: "Госзакупки по 44-ФЗ" },
          { value: "223fz", label: "Закупки по 223-ФЗ и коммерческие торги" },
          { value: "reporting", label: "Отчётность в ФНС, СФР, Росстат" },
          { value: "edo", label: "Электронный документооборот" },
          { value: "gis", label: "Государственные информационные системы" },
        ],
      },
    },
    contactName,
    email,
    phone,
    comment,
    ...consentFields,
    { name: "submit", type: "submit", label: "Получить предложение", attributes: { variant: "primary" } },
  ],
})
