/**
 * Form preset `crm_menu_items_frm`: the CRM menu item form. Fields only; the rules are those of the
 * entity schema `MenuItemInput` (schemas/entities/menu-item.ts), shared with the API.
 */
export const crm_menu_items_frm = {
  id: "crm_menu_items_frm",
  fields: [
    { name: "name", type: "input", label: "Название", placeholder: "Например, «Как купить»" },
    { name: "url", type: "input", label: "Адрес ссылки", placeholder: "/buy или https://…" },
    { name: "position", type: "input", label: "Порядок", placeholder: "0", attributes: { inputMode: "numeric" } },
    { name: "parent_id", type: "select", label: "Родительский пункт", placeholder: "Без родителя", options: "menu_items" },
    { name: "display_at_top", type: "checkbox", label: "Показывать в шапке" },
    { name: "display_at_bottom", type: "checkbox", label: "Показывать в подвале" },
  ],
} as const
