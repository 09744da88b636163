/** The fixed admin menu of SPEC.md section 2; in the admin context it replaces the server menu. */
export interface AdminLink {
  readonly label: string
  readonly href: string
}

export interface AdminGroup {
  readonly label: string
  readonly links: readonly AdminLink[]
}

export type AdminMenuEntry = AdminLink | AdminGroup

export const isGroup = (entry: AdminMenuEntry): entry is AdminGroup => "links" in entry

export const adminMenu: readonly AdminMenuEntry[] = [
  { label: "Администраторы", href: "/crm/admin_users" },
  {
    label: "FAQ",
    links: [
      { label: "Рубрики", href: "/crm/faq/rubrics" },
      { label: "Вопросы", href: "/crm/faq/questions" },
      { label: "Статьи", href: "/crm/faq/articles" },
    ],
  },
  { label: "Документы ЭП", href: "/crm/ep_docs" },
  { label: "Меню", href: "/crm/menu_items" },
  {
    label: "Маркетинг",
    links: [
      { label: "Описания страниц", href: "/crm/marketing/page_settings" },
      { label: "Баннеры", href: "/crm/marketing/page_banners" },
      { label: "Robots", href: "/crm/marketing/robots" },
      { label: "Галерея", href: "/crm/gallery" },
      { label: "Новости", href: "/crm/posts" },
      { label: "Источники новостей", href: "/crm/post/sources" },
    ],
  },
  { label: "Страницы сайта", href: "/crm/pages" },
  { label: "Города", href: "/crm/cities" },
  // Beyond the spec's fixed menu (issue 4): visitors' requests and feedback, read-only, and the
  // preview of every form preset.
  {
    label: "Обращения",
    links: [
      { label: "Заявки", href: "/crm/remote_offers" },
      { label: "Отзывы", href: "/crm/feedbacks" },
    ],
  },
  { label: "Формы сайта", href: "/crm/forms" },
]

export const adminLinks: readonly AdminLink[] = adminMenu.flatMap((e) => (isGroup(e) ? e.links : [e]))

/** Sections with a single page only (no /new and /{id}/edit): robots and the gallery. */
export const SINGLE_PAGE_SECTIONS: readonly string[] = ["/crm/marketing/robots", "/crm/gallery"]

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
