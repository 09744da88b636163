import { crm_page_bnrs_filter_frm } from "../forms/crm_page_bnrs_filter_frm.ts"
import { crm_page_bnrs_frm } from "../forms/crm_page_bnrs_frm.ts"
import { MENU_URL_PATTERN } from "../entities/menu-item.ts"
import { messages } from "../messages/common.ts"
import { crmMessages } from "../messages/crm.ts"
import { bannerPathField, bannerPathFormat, calendarDayOf, dateField, fileField, flagField, integerField, nullableTextField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)
const period = (from: string | null, to: string | null) => (from || to ? `${from ? calendarDayOf(from) : "…"} — ${to ? calendarDayOf(to) : "…"}` : "Всегда")

/**
 * Banners of site pages (crm-marketing-page_banners): an image with its alt text (the title), an
 * optional link, the pages it shows on (a path, or a start with `*`), the period of display (both
 * ends included, either open), a position among the page's banners and the active flag. The server
 * refuses an end before the start (server/services/resource-hooks/content.ts).
 */
export const pageBanners = defineResource({
  name: "page_banners",
  title: "Баннеры",
  routeBase: "/crm/marketing/page_banners",
  apiPath: "/api/v2/crm/marketing/page_banners",
  table: "page_banners",
  type: "page_banner",
  attributes: {
    title: textField(),
    page_url: bannerPathField(),
    image: fileField(),
    link: nullableTextField(),
    starts_on: dateField(),
    ends_on: dateField(),
    position: integerField(0),
    active: flagField(),
  },
  columns: [
    { key: "title", label: "Название", value: (r) => r.attributes.title, sortBy: "title" },
    { key: "page_url", label: "Страница", value: (r) => r.attributes.page_url, sortBy: "page_url" },
    { key: "period", label: "Период показа", value: (r) => period(r.attributes.starts_on, r.attributes.ends_on), sortBy: "starts_on" },
    { key: "position", label: "Порядок", value: (r) => String(r.attributes.position), sortBy: "position" },
    { key: "active", label: "Активен", value: (r) => yesNo(r.attributes.active), sortBy: "active" },
  ],
  labelOf: (r) => r.attributes.title,
  search: ["title", "page_url"],
  filter: crm_page_bnrs_filter_frm,
  where: { active: { true: { active: true }, false: { active: false } } },
  order: [
    ["page_url", "asc"],
    ["position", "asc"],
    ["id", "asc"],
  ],
  edit: {
    wrapper: "page_banner",
    newTitle: "Новый баннер",
    editTitle: "Баннер",
    form: crm_page_bnrs_frm,
    checks: {
      page_url: [bannerPathFormat],
      link: [(s) => (MENU_URL_PATTERN.test(s) ? undefined : crmMessages.urlFormat)],
    },
  },
})
