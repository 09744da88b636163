import { definePreset } from "./types.ts"

/**
 * Preset `confirm_certificate_frm`: the last step before signing with the chosen certificate: the host
 * shows the certificate's owner and validity in the lead text; the user confirms and the application
 * is signed (the token's PIN is asked by CryptoPro itself, never by the site).
 */
export const confirm_certificate_frm = definePreset({
  id: "confirm_certificate_frm",
  fields: [
    { name: "lead", type: "text", attributes: { text: "Проверьте данные сертификата: владельца, организацию и срок действия." } },
    {
      name: "confirmed",
      type: "checkbox",
      label: "Подтверждаю, что это мой сертификат и я подписываю заявление им",
      validations: ["checkboxRequired"],
    },
    { name: "other", type: "button", label: "Выбрать другой сертификат", attributes: { variant: "secondary" }, handlers: { click: "chooseCertificate" } },
    { name: "submit", type: "submit", label: "Подписать", attributes: { variant: "primary" } },
  ],
})
