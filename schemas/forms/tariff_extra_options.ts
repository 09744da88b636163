import { definePreset } from "./types.ts"

/**
 * Preset `tariff_extra_options`: the extra options of a tariff (/tariffs/{tariff_id}): token, CryptoPro
 * CSP licence, platform registration, setup help. The host supplies them under `tariff_options`,
 * grouped and merged as SPEC.md section 3 says, each with `attributes.cost` (rubles) and a tooltip.
 */
export const tariff_extra_options = definePreset({
  id: "tariff_extra_options",
  fields: [
    { name: "options", type: "checkboxgroup", label: "Дополнительные услуги", attributes: { source: "tariff_options" } },
    { name: "note", type: "text", attributes: { text: "Цены указаны в рублях." } },
    { name: "submit", type: "submit", label: "Добавить к заказу", attributes: { variant: "primary" } },
  ],
})
