import { companyParty } from "./parts/company.ts"
import { consentFields } from "./parts/consent.ts"
import { comment, contactName, email, phone } from "./parts/contacts.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `services_ib_frm`: the request for information-security services (/services_ib): the
 * services wanted, the company and the contact. A request form like offers_frm.
 */
export const services_ib_frm = definePreset({
  id: "services_ib_frm",
  fields: [
    {
      name: "services",
      type: "checkboxgroup",
      label: "Какие услуги интересуют",
      validations: ["required"],
      attributes: {
        options: [
          { value: "epoa", label: "Выпуск и регистрация машиночитаемых доверенностей" },
          { value: "pdn", label: "Защита персональных данных по 152-ФЗ" },
          { value: "kii", label: "Безопасность объектов КИИ по 187-ФЗ" },
          { value: "skzi", label: "Поставка и установка СКЗИ (КриптоПро CSP, ViPNet)" },
          { value: "audit", label: "Аудит информационной безопасности" },
          { value: "attestation", label: "Аттестация информационных систем" },
        ],
      },
    },
    companyParty("Организация", "Название или ИНН организации"),
    contactName,
    email,
    phone,
    comment,
    ...consentFields,
    { name: "submit", type: "submit", label: "Отправить заявку", attributes: { variant: "primary" } },
  ],
})
