import { PLATFORM_GROUPS, platformGroupLabels, type PlatformGroup } from "../entities/catalogue.ts"
import { crm_platforms_frm } from "../forms/crm_platforms_frm.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { choiceField, flagField, integerField, linkedIdsField, siteUrlFormat, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)
const groupOptions = PLATFORM_GROUPS.map((value) => ({ value, label: platformGroupLabels[value] }))

/** 'Площадки': electronic platforms (/platforms) and the tariffs that work there (the join table platform_tariffs). */
export const platforms = defineResource({
  name: "platforms",
  title: "Площадки",
  routeBase: "/crm/catalogue/platforms",
  apiPath: "/api/v2/crm/platforms",
  table: "platforms",
  type: "platform",
  attributes: {
    name: textField(),
    group: choiceField(groupOptions),
    url: textField(),
    description: textField(),
    tariffs: linkedIdsField({ table: "platform_tariffs", own: "platform_id", other: "tariff_id", target: "tariffs" }),
    position: integerField(0),
    published: flagField(),
  },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "group", label: "Вид торгов", value: (r) => platformGroupLabels[r.attributes.group as PlatformGroup] ?? String(r.attributes.group), sortBy: "group" },
    { key: "url", label: "Сайт", value: (r) => r.attributes.url },
    { key: "tariffs", label: "Тарифов", value: (r) => String(r.attributes.tariffs.length) },
    { key: "published", label: "Опубликована", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "url"],
  filter: definePreset({
    id: "crm_platforms_filter",
    fields: [query("Поиск по названию или сайту", "Например, РТС"), { name: "group", type: "select", label: "Вид торгов", placeholder: "Любой", attributes: { options: groupOptions } }, find],
  }),
  order: [
    ["position", "asc"],
    ["id", "asc"],
  ],
  dependants: [{ table: "platform_tariffs", column: "platform_id", onDelete: "cascade" }],
  edit: {
    wrapper: "platform",
    newTitle: "Новая площадка",
    editTitle: "Площадка",
    form: crm_platforms_frm,
    checks: { url: [siteUrlFormat] },
  },
})
