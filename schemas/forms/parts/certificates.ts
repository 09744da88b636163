import type { FormField } from "../types.ts"

/**
 * The certificates the CryptoPro browser plug-in finds on this computer: the host loads them under
 * the source `certificates` (value: thumbprint; label: owner, issuer and validity).
 */
export const certificateChoice: FormField = {
  name: "certificate",
  type: "radiogroup",
  label: "Сертификат",
  validations: ["required"],
  attributes: { source: "certificates", hint: "Показаны действующие сертификаты с подключённых носителей" },
}

export const refreshCertificates: FormField = {
  name: "refresh",
  type: "button",
  label: "Обновить список сертификатов",
  attributes: { variant: "link" },
  handlers: { click: "loadCertificates" },
}

export const pluginNote: FormField = {
  name: "plugin_note",
  type: "text",
  attributes: { text: "Подключите носитель с подписью. Нужен установленный КриптоПро ЭЦП Browser plug-in." },
}
