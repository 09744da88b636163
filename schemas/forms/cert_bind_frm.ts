import { certificateChoice, pluginNote, refreshCertificates } from "./parts/certificates.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `cert_bind_frm`: /certificate/binding: binds a certificate to the account so that the user
 * can sign in with it (the host signs the server's challenge with the chosen certificate). The
 * account password confirms the change.
 */
export const cert_bind_frm = definePreset({
  id: "cert_bind_frm",
  fields: [
    pluginNote,
    certificateChoice,
    refreshCertificates,
    {
      name: "password",
      type: "input",
      label: "Пароль от личного кабинета",
      validations: ["required"],
      attributes: { type: "password", autoComplete: "current-password" },
    },
    { name: "submit", type: "submit", label: "Привязать сертификат", attributes: { variant: "primary" } },
  ],
})
