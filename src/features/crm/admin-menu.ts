import { crmResources } from "../../../schemas/resources/index.ts"
import { ADMIN_ONLY, type AdminRole, allows, CONTENT_ROLES } from "../../../schemas/roles.ts"

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
 * A place of the menu: a declared resource, by its name; or a section still to come, by the name its
 * declaration will have, with the label and address shown until then ('coming soon'); or a page of
 * the CRM's own (the form previews). A declared resource's label and address are its declaration's.
 */
type Slot = string | { readonly name: string; readonly label: string; readonly href: string; readonly single?: true; readonly roles?: readonly AdminRole[] }
type Place = Slot | { readonly group: string; readonly slots: readonly Slot[] }

const soon = (name: string, label: string, href: string, single?: true, roles?: readonly AdminRole[]): Slot => ({
  name,
  label,
  href,
  ...(single ? { single } : {}),
  ...(roles ? { roles } : {}),
})

/** The menu's skeleton: order and group labels only. */
const SKELETON: readonly Place[] = [
  "admin_users",
  { group: "FAQ", slots: ["faq_rubrics", soon("faq_questions", "Вопросы", "/crm/faq/questions"), soon("faq_articles", "Статьи", "/crm/faq/articles")] },
  soon("ep_docs", "Документы ЭП", "/crm/ep_docs"),
  "menu_items",
  {
    group: "Маркетинг",
    slots: [
      soon("page_settings", "Описания страниц", "/crm/marketing/page_settings"),
      soon("page_banners", "Баннеры", "/crm/marketing/page_banners"),
      soon("robots", "Файл robots.txt", "/crm/marketing/robots", true, ADMIN_ONLY),
      soon("gallery", "Галерея", "/crm/gallery", true),
      soon("posts", "Новости", "/crm/posts"),
      soon("post_sources", "Источники новостей", "/crm/post/sources"),
    ],
  },
  soon("pages", "Страницы сайта", "/crm/pages"),
  "cities",
  // Beyond the spec's fixed menu (issue 4): visitors' requests and feedback, read-only, and the
  // preview of every form preset.
  // Issue 10: the catalogue (tariffs, prices, platforms, offices, partners).
  { group: "Каталог", slots: ["tariffs", "tariff_options", "option_groups", "platforms", "offices", "partners"] },
  { group: "Обращения", slots: ["remote_offers", "sales_requests", "partner_requests", "consultations", "feedbacks"] },
  // Issue 10: the customers' orders (administrators and operators).
  "orders",
  // Issue 11: the CA's own sections (operators and administrators).
  { group: "Удостоверяющий центр", slots: ["certificates", "epoas", "trust_roots", "requisites"] },
  soon("forms", "Формы сайта", "/crm/forms"),
  // Issue 9: every CRM write, administrators only.
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
  return { label: slot.label, href: slot.href, roles: slot.roles ?? CONTENT_ROLES }
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

/** Sections with a single page only (no /new and /{id}/edit): robots and the gallery. */
export const SINGLE_PAGE_SECTIONS: readonly string[] = SKELETON.flatMap((p) => (typeof p === "object" && "group" in p ? p.slots : [p])).flatMap(
  (s) => (typeof s === "object" && s.single && !byName.has(s.name) ? [s.href] : []),
)

/** The section a CRM path belongs to: the longest menu link that prefixes it. */
export function sectionOf(path: string): AdminLink | undefined {
  return [...adminLinks]
    .sort((a, b) => b.href.length - a.href.length)
    .find((l) => path === l.href || path.startsWith(`${l.href}/`))
}

/** Paths of a section that is not built yet: its list, /new and /{id}/edit (SPEC.md section 2). */
export function isSectionPath(href: string, path: string): boolean {
  if (path === href) return true
  if (SINGLE_PAGE_SECTIONS.includes(href)) return false
  const rest = path.slice(href.length)
  return rest === "/new" || /^\/[^/]+\/edit$/.test(rest)
}
