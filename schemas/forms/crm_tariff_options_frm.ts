import { NAME_MAX_LENGTH } from "../constants.ts"
import { OPTION_KINDS, optionKindLabels } from "../entities/catalogue.ts"
import { position, published, save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Preset `crm_tariff_options_frm`: a tariff option ('Услуги и цены'): a tariff's certificate for a
 * period, or an extra (no tariff) sold with any tariff; its price in whole rubles and its groups.
 */
export const crm_tariff_options_frm = definePreset({
  id: "crm_tariff_options_frm",
  fields: [
    { name: "name", type: "input", label: "Название", placeholder: "Например, Рутокен Lite", validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }] },
    {
      name: "kind",
      type: "select",
      label: "Вид",
      class: "half",
      validations: ["required"],
      attributes: { options: OPTION_KINDS.map((value) => ({ value, label: optionKindLabels[value] })) },
    },
    {
      name: "tariff_id",
      type: "select",
      label: "Тариф",
      placeholder: "Без тарифа (дополнительная услуга)",
      class: "half",
      validations: [{ name: "depends", args: ["kind", "certificate"] }],
      attributes: { source: "tariffs", hint: "Для сертификата — обязательно; дополнительные услуги продаются с любым тарифом" },
    },
    {
      name: "period",
      type: "input",
      label: "Срок, месяцев",
      placeholder: "Число месяцев",
      mask: "number",
      class: "third",
      validations: ["numeric", { name: "maxLength", args: [3] }],
      attributes: { inputMode: "numeric", hint: "Пусто — без срока (носитель)" },
    },
    {
      name: "price",
      type: "input",
      label: "Цена, ₽",
      placeholder: "Сумма в рублях",
      mask: "number",
      class: "third",
      validations: ["required", "numeric", { name: "maxLength", args: [7] }],
      attributes: { inputMode: "numeric" },
    },
    { name: "tooltip", type: "input", label: "Подсказка", validations: [{ name: "maxLength", args: [500] }] },
    { name: "groups", type: "multiselect", label: "Группы", placeholder: "Выберите группы", attributes: { source: "option_groups" } },
    { name: "often_buy", type: "checkbox", label: "Чаще всего покупают" },
    position,
    published,
    save,
  ],
})
