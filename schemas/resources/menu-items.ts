import { MENU_URL_PATTERN, MenuItemResource, parentIdOf } from "../entities/menu-item.ts"
import { crm_menu_items_filter_frm } from "../forms/crm_menu_items_filter_frm.ts"
import { crm_menu_items_frm } from "../forms/crm_menu_items_frm.ts"
import { messages } from "../messages/common.ts"
import { crmMessages } from "../messages/crm.ts"
import { flagField, integerField, referenceField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)

/**
 * Menu items of the site header and footer (crm-menu_items). The server adds the relationships
 * (children, ancestors) to each answer and refuses a parent that is unknown or the item's own
 * descendant, and deleting an item with children (server/routes/menu-items.ts).
 */
export const menuItems = defineResource({
  name: "menu_items",
  title: "Меню",
  routeBase: "/crm/menu_items",
  apiPath: "/api/v2/crm/menu_items",
  table: "menu_items",
  type: "menu_item",
  attributes: {
    name: textField(),
    url: textField(),
    position: integerField(0),
    display_at_top: flagField(),
    display_at_bottom: flagField(),
  },
  record: MenuItemResource,
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "url", label: "Адрес", value: (r) => r.attributes.url, sortBy: "url" },
    { key: "position", label: "Порядок", value: (r) => String(r.attributes.position), sortBy: "position" },
    { key: "display_at_top", label: "В шапке", value: (r) => yesNo(r.attributes.display_at_top) },
    { key: "display_at_bottom", label: "В подвале", value: (r) => yesNo(r.attributes.display_at_bottom) },
  ],
  labelOf: (r) => r.attributes.name,
  // A parent's choices show the nesting: '— ' per level.
  optionLabel: (r) => `${"— ".repeat(r.relationships.ancestors.data.length)}${r.attributes.name}`,
  search: ["name", "url"],
  filter: crm_menu_items_filter_frm,
  where: {
    display: {
      top: { display_at_top: true },
      bottom: { display_at_bottom: true },
      hidden: { display_at_top: false, display_at_bottom: false },
    },
  },
  order: [
    ["position", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "menu_item",
    newTitle: "Новый пункт меню",
    editTitle: "Пункт меню",
    form: crm_menu_items_frm,
    fields: { parent_id: referenceField() },
    checks: { url: [(s) => (MENU_URL_PATTERN.test(s) ? undefined : crmMessages.urlFormat)] },
    fromRecord: {
      parent_id: (r) => {
        const id = parentIdOf(r)
        return id === null ? null : Number(id)
      },
    },
  },
})
