import { crm_post_frm } from "../forms/crm_post_frm.ts"
import { definePreset } from "../forms/types.ts"
import { find, query } from "../forms/parts/search.ts"
import { messages } from "../messages/common.ts"
import { calendarDayOf, dateField, fileField, flagField, htmlField, nullableText, referenceField, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const yesNo = (b: boolean) => (b ? messages.admin.yes : messages.admin.no)

/**
 * News posts (crm-posts): title, publication date, source (none: the CA's own news), announce for
 * the list, rich-text body, cover image and the published flag; /posts lists the published ones by
 * date, newest first.
 */
export const posts = defineResource({
  name: "posts",
  title: "Новости",
  routeBase: "/crm/posts",
  apiPath: "/api/v2/crm/posts",
  table: "posts",
  type: "post",
  attributes: {
    title: textField(),
    date: dateField(),
    source_id: referenceField(),
    source_name: nullableText,
    announce: textField(),
    body: htmlField(),
    image: fileField(),
    published: flagField(),
  },
  columns: [
    { key: "title", label: "Заголовок", value: (r) => r.attributes.title, sortBy: "title" },
    { key: "date", label: "Дата", value: (r) => calendarDayOf(r.attributes.date ?? ""), sortBy: "date" },
    { key: "source", label: "Источник", value: (r) => r.attributes.source_name ?? "" },
    { key: "published", label: "Опубликована", value: (r) => yesNo(r.attributes.published), sortBy: "published" },
  ],
  labelOf: (r) => r.attributes.title,
  search: ["title", "announce"],
  // The spec names no filter preset for posts: search, and the source.
  filter: definePreset({
    id: "crm_posts_filter",
    fields: [query("Заголовок или анонс содержит", "Например, ФНС"), { name: "source_id", type: "select", label: "Источник", placeholder: "Все источники", attributes: { source: "post_sources" } }, find],
  }),
  preview: { title: "title", body: "body" },
  order: [
    ["date", "desc"],
    ["id", "desc"],
  ],
  edit: {
    wrapper: "post",
    newTitle: "Новая новость",
    editTitle: "Новость",
    form: crm_post_frm,
  },
})
