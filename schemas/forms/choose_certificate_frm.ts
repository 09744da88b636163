import { certificateChoice, pluginNote, refreshCertificates } from "./parts/certificates.ts"
import { definePreset } from "./types.ts"

/** Preset `choose_certificate_frm`: picks the certificate to sign with (an order's application, a document). */
export const choose_certificate_frm = definePreset({
  id: "choose_certificate_frm",
  fields: [
    pluginNote,
    certificateChoice,
    refreshCertificates,
    { name: "submit", type: "submit", label: "Выбрать", attributes: { variant: "primary" } },
  ],
})
