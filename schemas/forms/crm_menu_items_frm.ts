import { NAME_MAX_LENGTH, URL_MAX_LENGTH } from "../constants.ts"
import { save } from "./parts/crm.ts"
import { definePreset } from "./types.ts"

/**
 * Form preset `crm_menu_items_frm`: the CRM menu item form. The API decodes with the entity schema
 * `MenuItemInput` (schemas/entities/menu-item.ts); the parent choices come from the resource's loader
 * under the source `menu_items`.
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
      validations: ["required", "numeric"],
      attributes: { inputMode: "numeric" },
    },
    { name: "parent_id", type: "select", label: "Родительский пункт", placeholder: "Без родителя", attributes: { source: "menu_items" } },
    { name: "display_at_top", type: "checkbox", label: "Показывать в шапке" },
    { name: "display_at_bottom", type: "checkbox", label: "Показывать в подвале" },
    save,
  ],
})
