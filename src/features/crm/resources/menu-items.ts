import { api } from "../../../api/client.ts"
import { PER_PAGE_MAX } from "../../../../schemas/constants.ts"
import { MenuItemInput, MenuItemResource, parentIdOf } from "../../../../schemas/entities/menu-item.ts"
import { crm_menu_items_frm } from "../../../../schemas/forms/crm_menu_items_frm.ts"
import { messages } from "../../../../schemas/messages.ts"
import type { FormValues } from "../../../../machines/crm-edit.machine.ts"
import { defineResource } from "../resource.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)

/** Empty position is missing (required), digits a number, anything else stays text (numeric message). */
const positionOf = (raw: string) => {
  const s = raw.trim()
  if (s === "") return {}
  return { position: /^-?\d+$/.test(s) ? Number(s) : s }
}

/** Parent choices: none (top level), then every other menu item, nested ones indented, in menu order. */
async function parentOptions(id: string | null) {
  const res = await api<{ data: MenuItemResource[] }>("/api/v2/crm/menu_items/", { query: { per: PER_PAGE_MAX } })
  return {
    menu_items: [
      // The way back to the top level: choosing it clears the parent.
      { value: "", label: messages.admin.noParent },
      ...res.data
        .filter((item) => item.id !== id)
        .map((item) => ({ value: item.id, label: `${"— ".repeat(item.relationships.ancestors.data.length)}${item.attributes.name}` })),
    ],
  }
}

/** Menu items of the site header and footer (crm-menu_items). */
export const menuItemsResource = defineResource<MenuItemResource>({
  title: "Меню",
  newTitle: "Новый пункт меню",
  editTitle: "Пункт меню",
  apiPath: "/api/v2/crm/menu_items",
  routeBase: "/crm/menu_items",
  wrapper: "menu_item",
  record: MenuItemResource,
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name },
    { key: "url", label: "Адрес", value: (r) => r.attributes.url },
    { key: "position", label: "Порядок", value: (r) => String(r.attributes.position) },
    { key: "display_at_top", label: "В шапке", value: (r) => yesNo(r.attributes.display_at_top) },
    { key: "display_at_bottom", label: "В подвале", value: (r) => yesNo(r.attributes.display_at_bottom) },
  ],
  search: { label: "Поиск по названию или адресу", placeholder: "Например, Контакты" },
  form: crm_menu_items_frm,
  input: MenuItemInput,
  empty: { name: "", url: "", position: "0", display_at_top: false, display_at_bottom: false, parent_id: "" },
  toForm: (r) => ({
    name: r.attributes.name,
    url: r.attributes.url,
    position: String(r.attributes.position),
    display_at_top: r.attributes.display_at_top,
    display_at_bottom: r.attributes.display_at_bottom,
    parent_id: parentIdOf(r) ?? "",
  }),
  fromForm: (v: FormValues) => ({
    name: String(v.name ?? ""),
    url: String(v.url ?? ""),
    ...positionOf(String(v.position ?? "")),
    display_at_top: v.display_at_top === true,
    display_at_bottom: v.display_at_bottom === true,
    parent_id: v.parent_id ? Number(v.parent_id) : null,
  }),
  labelOf: (r) => r.attributes.name,
  loadOptions: parentOptions,
})
