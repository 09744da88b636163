import { captcha, find } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `reestr_search_frm`: the register of issued certificates (/reestr): by serial number or by
 * owner, behind a captcha (`GET /api/v2/certificates/{id}/` with the captcha answer).
 */
export const reestr_search_frm = definePreset({
  id: "reestr_search_frm",
  fields: [
    {
      name: "search_by",
      type: "radiogroup",
      label: "Искать",
      validations: ["required"],
      attributes: {
        options: [
          { value: "serial", label: "По серийному номеру" },
          { value: "owner", label: "По владельцу" },
        ],
      },
    },
    {
      name: "serial_number",
      type: "input",
      label: "Серийный номер сертификата",
      placeholder: "01DA2B3C4D5E6F7A8B9C",
      validations: [{ name: "depends", args: ["search_by", "serial"] }, { name: "maxLength", args: [64] }],
      attributes: { autoComplete: "off", hint: "Шестнадцатеричное число из свойств сертификата, без пробелов" },
    },
    {
      name: "owner",
      type: "input",
      label: "Владелец: ФИО или название организации",
      placeholder: "Иванов Иван Иванович",
      validations: [{ name: "depends", args: ["search_by", "owner"] }, { name: "minLength", args: [3] }, { name: "maxLength", args: [255] }],
    },
    {
      name: "owner_inn",
      type: "input",
      label: "ИНН владельца",
      placeholder: "10 или 12 цифр",
      mask: "number",
      validations: ["inn"],
      attributes: { inputMode: "numeric", maxLength: 12 },
    },
    captcha,
    find,
  ],
})
