import { crmResources } from "../../../schemas/resources/index.ts"
import { type AdminRole, allows, CONTENT_ROLES } from "../../../schemas/roles.ts"

/** The fixed admin menu of SPEC.md section 2; in the admin context it replaces the server menu. */
export interface AdminLink {
  readonly label: string
  readonly href: string
  /** Who may open it: the declaration's `roles`, or the slot's (default 'Администратор' and 'Редактор'). */
  readonly roles: readonly AdminRole[]
}

export interface AdminGroup {
  readonly label: string
  readonly links: readonly AdminLink[]
}

export type AdminMenuEntry = AdminLink | AdminGroup

export const isGroup = (entry: AdminMenuEntry): entry is AdminGroup => "links" in entry

/**
 * A place of the menu: a declared resource, by its name (its label and address are its
 * declaration's), or a page of the CRM's own (the form previews).
 */
type Slot = string | { readonly name: string; readonly label: string; readonly href: string }
type Place = Slot | { readonly group: string; readonly slots: readonly Slot[] }

/** The menu's skeleton: order and group labels only. */
const SKELETON: readonly Place[] = [
  "admin_users",
  { group: "FAQ", slots: ["faq_rubrics", "faq_questions", "faq_articles"] },
  "ep_docs",
  "menu_items",
  { group: "Маркетинг", slots: ["page_settings", "page_banners", "robots", "gallery", "posts", "post_sources"] },
  "pages",
  "cities",
  // Beyond the spec's fixed menu: the catalogue, visitors' requests and feedback (read-only), the
  // customers' orders, the CA's own sections, the preview of every form preset and the audit log.
  { group: "Каталог", slots: ["tariffs", "tariff_options", "option_groups", "platforms", "offices", "partners"] },
  { group: "Обращения", slots: ["remote_offers", "sales_requests", "partner_requests", "consultations", "feedbacks"] },
  "orders",
  { group: "Удостоверяющий центр", slots: ["certificates", "epoas", "trust_roots", "requisites"] },
  { name: "forms", label: "Формы сайта", href: "/crm/forms" },
  "audit_log",
]

const byName = new Map(crmResources.map((r) => [r.name, r]))
/** Names the skeleton places, to check that every declared resource has its place (tests/unit). */
export const placedNames: readonly string[] = SKELETON.flatMap((p) => (typeof p === "object" && "group" in p ? p.slots : [p])).map((s) =>
  typeof s === "string" ? s : s.name,
)

const linkOf = (slot: Slot): AdminLink => {
  const name = typeof slot === "string" ? slot : slot.name
  const declared = byName.get(name)
  if (declared) return { label: declared.title, href: declared.routeBase, roles: declared.roles }
  if (typeof slot === "string") throw new Error(`Unknown CRM resource ${name}`)
  return { label: slot.label, href: slot.href, roles: CONTENT_ROLES }
}

export const adminMenu: readonly AdminMenuEntry[] = SKELETON.map((p) =>
  typeof p === "object" && "group" in p ? { label: p.group, links: p.slots.map(linkOf) } : linkOf(p),
)

export const adminLinks: readonly AdminLink[] = adminMenu.flatMap((e) => (isGroup(e) ? e.links : [e]))

/** The menu a role sees: only what it may open (a group with nothing left is dropped). */
export function menuFor(role: AdminRole | undefined): readonly AdminMenuEntry[] {
  return adminMenu.flatMap((e): AdminMenuEntry[] => {
    if (!isGroup(e)) return allows(e.roles, role) ? [e] : []
    const links = e.links.filter((l) => allows(l.roles, role))
    return links.length > 0 ? [{ ...e, links }] : []
  })
}

/** The section a CRM path belongs to: the longest menu link that prefixes it. */
export function sectionOf(path: string): AdminLink | undefined {
  return [...adminLinks]
    .sort((a, b) => b.href.length - a.href.length)
    .find((l) => path === l.href || path.startsWith(`${l.href}/`))
}
