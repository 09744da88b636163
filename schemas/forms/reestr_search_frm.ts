import { captcha, find } from "./parts/search.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `reestr_search_frm`: the CA's register of certificates (/reestr): by the serial
 * number, or by the owner's INN, OGRN (ОГРН or ОГРНИП) or SNILS, behind a captcha. The server reads
 * the same fields (`GET /api/v2/certificates/{serial}/`, `GET /api/v2/certificates/?search_by=…`;
 * docs/register.md) and validates them with these rules.
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
          { value: "inn", label: "По ИНН владельца" },
          { value: "ogrn", label: "По ОГРН владельца" },
          { value: "snils", label: "По СНИЛС владельца" },
        ],
      },
    },
    {
      name: "serial_number",
      type: "input",
      label: "Серийный номер сертификата",
      placeholder: "Цифры 0–9 и буквы A–F",
      validations: [{ name: "depends", args: ["search_by", "serial"] }, { name: "maxLength", args: [64] }],
      attributes: { autoComplete: "off", hint: "Шестнадцатеричное число из свойств сертификата; пробелы не важны" },
    },
    {
      name: "inn",
      type: "input",
      label: "ИНН владельца",
      placeholder: "10 или 12 цифр",
      mask: "number",
      validations: [{ name: "depends", args: ["search_by", "inn"] }, "inn"],
      attributes: { inputMode: "numeric", maxLength: 12 },
    },
    {
      name: "ogrn",
      type: "input",
      label: "ОГРН или ОГРНИП владельца",
      placeholder: "13 или 15 цифр",
      mask: "number",
      validations: [{ name: "depends", args: ["search_by", "ogrn"] }, "ogrn"],
      attributes: { inputMode: "numeric", maxLength: 15 },
    },
    {
      name: "snils",
      type: "input",
      label: "СНИЛС владельца",
      placeholder: "___-___-___ __",
      mask: "snils",
      validations: [{ name: "depends", args: ["search_by", "snils"] }, "snils"],
      attributes: { inputMode: "numeric", autoComplete: "off" },
    },
    captcha,
    find,
  ],
})
