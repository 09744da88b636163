import { definePreset } from "./types.ts"

/**
 * Preset `tariff_period_frm`: the validity period of the certificate of a tariff. Periods come with
 * the tariff (source `tariff_periods`, e.g. 12 months and the longer `extra_period` one, with cost).
 */
export const tariff_period_frm = definePreset({
  id: "tariff_period_frm",
  fields: [
    {
      name: "period",
      type: "radiogroup",
      label: "Срок действия сертификата",
      validations: ["required"],
      attributes: { source: "tariff_periods" },
    },
    { name: "submit", type: "submit", label: "Заказать", attributes: { variant: "primary" } },
  ],
})
