import { pluginNote, refreshCertificates } from "./parts/certificates.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `auth_cert_frm`: sign-in by a certificate. The host lists the certificates the CryptoPro
 * browser plug-in finds (source `certificates`) and signs the server's challenge with the chosen one.
 * A select here: the sign-in modal is small; the choose_certificate_* presets list them in full.
 */
export const auth_cert_frm = definePreset({
  id: "auth_cert_frm",
  fields: [
    pluginNote,
    {
      name: "certificate",
      type: "select",
      label: "Сертификат",
      placeholder: "Выберите сертификат",
      validations: ["required"],
      attributes: { source: "certificates" },
    },
    refreshCertificates,
    { name: "submit", type: "submit", label: "Войти по сертификату", attributes: { variant: "primary" } },
  ],
})
