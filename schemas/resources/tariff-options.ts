import { formatRubles } from "../money.ts"
import { OPTION_KINDS, optionKindLabels, type OptionKind } from "../entities/catalogue.ts"
import { crm_tariff_options_frm } from "../forms/crm_tariff_options_frm.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { nullableIntegerField } from "./catalogue-codecs.ts"
import { choiceField, flagField, integerField, linkedIdsField, nullableText, nullableTextField, referenceField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)
const kindOptions = OPTION_KINDS.map((value) => ({ value, label: optionKindLabels[value] }))

/**
 * 'Услуги и цены': what is sold: a tariff's certificate for a period, or an extra (token, CryptoPro
 * CSP licence, platform registration, setup help) sold with any tariff; its price and its groups.
 */
export const tariffOptions = defineResource({
  name: "tariff_options",
  title: "Услуги и цены",
  routeBase: "/crm/catalogue/tariff_options",
  apiPath: "/api/v2/crm/tariff_options",
  table: "tariff_options",
  type: "tariff_option",
  attributes: {
    name: textField(),
    kind: choiceField(kindOptions),
    tariff_id: referenceField(),
    tariff_name: nullableText,
    period: nullableIntegerField(),
    price: integerField(),
    tooltip: nullableTextField(),
    groups: linkedIdsField({ table: "tariff_option_groups", own: "option_id", other: "group_id", target: "option_groups" }),
    often_buy: flagField(),
    position: integerField(0),
    published: flagField(),
  },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "kind", label: "Вид", value: (r) => optionKindLabels[r.attributes.kind as OptionKind] ?? String(r.attributes.kind), sortBy: "kind" },
    { key: "tariff", label: "Тариф", value: (r) => r.attributes.tariff_name ?? "—", sortBy: "tariff_id" },
    { key: "period", label: "Срок", value: (r) => (r.attributes.period === null ? "—" : `${r.attributes.period} мес.`), sortBy: "period" },
    { key: "price", label: "Цена", value: (r) => formatRubles(r.attributes.price), sortBy: "price" },
    { key: "often_buy", label: "Чаще всего покупают", value: (r) => yesNo(r.attributes.often_buy), sortBy: "often_buy" },
    { key: "published", label: "Опубликована", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "tooltip"],
  filter: definePreset({
    id: "crm_tariff_options_filter",
    fields: [
      query("Поиск по названию", "Например, Рутокен"),
      { name: "kind", type: "select", label: "Вид", placeholder: "Любой", attributes: { options: kindOptions } },
      find,
    ],
  }),
  order: [
    ["position", "asc"],
    ["id", "asc"],
  ],
  dependants: [{ table: "tariff_option_groups", column: "option_id", onDelete: "cascade" }],
  edit: {
    wrapper: "tariff_option",
    newTitle: "Новая услуга",
    editTitle: "Услуга",
    form: crm_tariff_options_frm,
  },
})
