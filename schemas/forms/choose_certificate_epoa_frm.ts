import { certificateChoice, pluginNote, refreshCertificates } from "./parts/certificates.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `choose_certificate_epoa_frm`: an employee's personal certificate and the power of attorney
 * (МЧД) under which they sign for the organisation (DOMAIN.md). The host loads the holder's МЧД for the
 * chosen certificate under the source `epoas`: the certificate's `change` runs the host's
 * `chooseCertificate`, which loads them.
 */
export const choose_certificate_epoa_frm = definePreset({
  id: "choose_certificate_epoa_frm",
  fields: [
    pluginNote,
    { ...certificateChoice, handlers: { change: "chooseCertificate" } },
    refreshCertificates,
    {
      name: "epoa",
      type: "select",
      label: "Машиночитаемая доверенность",
      placeholder: "Выберите доверенность",
      validations: ["required"],
      attributes: { source: "epoas", hint: "Доверенности, выданные владельцу выбранного сертификата" },
    },
    { name: "submit", type: "submit", label: "Выбрать", attributes: { variant: "primary" } },
  ],
})
