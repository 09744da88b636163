import { crm_robots_frm } from "../forms/crm_robots_frm.ts"
import { definePreset } from "../forms/types.ts"
import { ADMIN_ONLY } from "../roles.ts"
import { textField } from "./fields.ts"
import { defineResource } from "./define.ts"

/**
 * The text of /robots.txt (crm-marketing-robots): one record (created by migration 0006), edited in
 * place — the menu's link opens its form (`singleton`); the server refuses a second one and its
 * delete (server/services/resource-hooks/content.ts). Administrators only: a wrong line hides the whole site from search.
 */
export const robots = defineResource({
  name: "robots",
  title: "Файл robots.txt",
  routeBase: "/crm/marketing/robots",
  apiPath: "/api/v2/crm/marketing/robots",
  table: "robots",
  type: "robots",
  attributes: { content: textField() },
  columns: [{ key: "content", label: "Содержимое robots.txt", value: (r) => r.attributes.content.split("\n")[0] ?? "" }],
  labelOf: () => "robots.txt",
  search: ["content"],
  filter: definePreset({ id: "crm_robots_filter", fields: [] }),
  order: [["id", "asc"]],
  roles: ADMIN_ONLY,
  singleton: true,
  edit: {
    wrapper: "robots",
    newTitle: "robots.txt",
    editTitle: "robots.txt",
    form: crm_robots_frm,
  },
})
