import { NAME_MAX_LENGTH, URL_MAX_LENGTH } from "../constants.ts"
import { save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `crm_menu_items_frm`: the CRM menu item form. Its rules are the API's too: the
 * declaration schemas/resources/menu-items.ts builds the input schema from them (a position is a
 * whole number, negative ones too; the address's format is the declaration's check). The parent's
 * choices are the records of the resource named by `source`.
 */
export const crm_menu_items_frm = definePreset({
  id: "crm_menu_items_frm",
  fields: [
    {
      name: "name",
      type: "input",
      label: "Название",
      placeholder: "Например, «Как купить»",
      validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }],
    },
    {
      name: "url",
      type: "input",
      label: "Адрес ссылки",
      placeholder: "/buy или https://…",
      validations: ["required", { name: "maxLength", args: [URL_MAX_LENGTH] }],
      attributes: { inputMode: "url" },
    },
    {
      name: "position",
      type: "input",
      label: "Порядок",
      placeholder: "0",
      validations: ["required"],
      attributes: { inputMode: "numeric" },
    },
    { name: "parent_id", type: "select", label: "Родительский пункт", placeholder: "Без родителя", attributes: { source: "menu_items" } },
    { name: "display_at_top", type: "checkbox", label: "Показывать в шапке" },
    { name: "display_at_bottom", type: "checkbox", label: "Показывать в подвале" },
    save,
  ],
})
