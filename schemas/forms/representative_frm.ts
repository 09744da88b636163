import { consentFields } from "./parts/consent.ts"
import { email, phone } from "./parts/contacts.ts"
import { fullNameFields, snils } from "./parts/person.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `representative_frm` (beyond the spec's list; docs/account-services.md): a representative of
 * the director's legal person at /account/representative/new and /{id}/edit. The legal person's
 * choices come from the host (`source: "legal_persons"`, the ones the director directs); the server
 * checks the choice again. SNILS is optional here (the order asks for it when it needs it). Sent to
 * `/api/v1/lk/representatives/` without `agreement`.
 */
export const representative_frm = definePreset({
  id: "representative_frm",
  fields: [
    {
      name: "legal_person_id",
      type: "select",
      label: "Организация",
      placeholder: "Выберите организацию",
      validations: ["required"],
      attributes: { source: "legal_persons" },
    },
    ...fullNameFields,
    {
      name: "position",
      type: "input",
      label: "Должность",
      placeholder: "Например, главный бухгалтер",
      validations: ["required", { name: "maxLength", args: [100] }],
      attributes: { autoComplete: "organization-title" },
    },
    email,
    phone,
    { ...snils, label: "СНИЛС (необязательно)", validations: ["snils"] },
    ...consentFields,
    { name: "submit", type: "submit", label: "Сохранить", attributes: { variant: "primary" } },
  ],
})
