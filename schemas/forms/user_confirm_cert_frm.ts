import { definePreset } from "./types.ts"

/**
 * Preset `user_confirm_cert_frm`: the holder's acknowledgement of an issued certificate ("certificate
 * approvement", SPEC.md section 7): the holder checks the data, confirms acquaintance with the
 * certificate's contents and the rules of use (63-FZ, art. 18), and signs with the SMS code.
 */
export const user_confirm_cert_frm = definePreset({
  id: "user_confirm_cert_frm",
  fields: [
    { name: "lead", type: "text", attributes: { text: "Проверьте данные выпущенного сертификата. Если что-то указано неверно, не подтверждайте и свяжитесь с нами." } },
    {
      name: "data_correct",
      type: "checkbox",
      label: "Сведения в сертификате верны",
      validations: ["checkboxRequired"],
    },
    {
      name: "rules_accepted",
      type: "checkbox",
      label: "С содержанием сертификата и порядком использования электронной подписи ознакомлен(а)",
      validations: ["checkboxRequired"],
    },
    {
      name: "phone_code",
      type: "input",
      label: "Код из SMS",
      placeholder: "6 цифр",
      mask: "smsCode",
      validations: ["required", { name: "phoneCode", args: [6] }],
      attributes: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 },
    },
    { name: "resend", type: "button", label: "Получить код", attributes: { variant: "secondary" }, handlers: { click: "sendPhoneCode" } },
    { name: "submit", type: "submit", label: "Подтвердить", attributes: { variant: "primary" } },
  ],
})
