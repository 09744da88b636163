import { companyParty } from "./parts/company.ts"
import { consentFields } from "./parts/consent.ts"
import { comment, contactName, email, phone } from "./parts/contacts.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `partners_frm`: a partner's request (/partners/{partner_id}/new): a bank's or an agent's
 * client asks for a signature on the partner's terms; the host fills `partner_id` from the route.
 */
export const partners_frm = definePreset({
  id: "partners_frm",
  fields: [
    {
      name: "applicant_kind",
      type: "radiogroup",
      label: "Кто оформляет подпись",
      validations: ["required"],
      attributes: {
        options: [
          { value: "legal_entity", label: "Юридическое лицо" },
          { value: "entrepreneur", label: "Индивидуальный предприниматель" },
          { value: "individual_person", label: "Физическое лицо" },
        ],
      },
    },
    // Optional: an individual person has no company; the INN below is asked of everyone.
    { ...companyParty("Организация или ИП", "Название или ИНН"), validations: [{ name: "maxLength", args: [500] }] },
    {
      name: "inn",
      type: "input",
      label: "ИНН",
      placeholder: "10 или 12 цифр",
      mask: "number",
      class: "half",
      validations: ["required", "inn"],
      attributes: { inputMode: "numeric", maxLength: 12 },
    },
    {
      name: "tariff_id",
      type: "select",
      label: "Тариф",
      placeholder: "Подберём вместе",
      class: "half",
      attributes: { source: "tariffs" },
    },
    contactName,
    email,
    phone,
    comment,
    ...consentFields,
    { name: "submit", type: "submit", label: "Отправить заявку", attributes: { variant: "primary" } },
  ],
})
