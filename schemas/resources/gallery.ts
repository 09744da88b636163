import { shortDay } from "../dates.ts"
import { definePreset } from "../forms/types.ts"
import { NAME_MAX_LENGTH } from "../constants.ts"
import { find, query } from "../forms/parts/search.ts"
import { save } from "../forms/parts/crm.ts"
import { fileField, plainNumber, plainText, textField } from "./fields.ts"
import { defineResource } from "./define.ts"

const sizeText = (bytes: number) => `${new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 }).format(bytes / 1000)} Кб`

/**
 * The gallery (crm-gallery): the site's uploaded images, newest first, each with its thumbnail and
 * its address to copy (into a banner, a post, another site). The editor's image upload lands here
 * (`POST /api/v2/crm/images`), and the gallery's own form uploads an image (jpg, jpeg, gif, png) to
 * the CRM's public files; its name is the image's alt text. The server fills address, size and type
 * from the stored file (server/services/resource-hooks/content.ts).
 */
export const gallery = defineResource({
  name: "gallery",
  title: "Галерея",
  routeBase: "/crm/gallery",
  apiPath: "/api/v2/crm/gallery",
  table: "gallery_images",
  type: "gallery_image",
  attributes: { name: textField(), url: plainText, size: plainNumber, mime: plainText, created_at: plainText },
  columns: [
    { key: "name", label: "Название", value: (r) => r.attributes.name, sortBy: "name" },
    { key: "thumbnail", label: "Изображение", value: (r) => r.attributes.url, kind: "image" },
    { key: "url", label: "Ссылка", value: (r) => r.attributes.url, kind: "copy" },
    { key: "size", label: "Размер", value: (r) => sizeText(r.attributes.size), sortBy: "size" },
    { key: "created_at", label: "Загружено", value: (r) => shortDay(r.attributes.created_at), sortBy: "created_at" },
  ],
  labelOf: (r) => r.attributes.name,
  search: ["name", "url"],
  filter: definePreset({ id: "crm_gallery_filter", fields: [query("Название или адрес", "Например, баннер"), find] }),
  order: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
  edit: {
    wrapper: "gallery_image",
    newTitle: "Новое изображение",
    editTitle: "Изображение",
    form: definePreset({
      id: "crm_gallery_frm",
      fields: [
        {
          name: "image",
          type: "upload",
          label: "Изображение",
          validations: ["fileRequired", { name: "fileCorrectExtension", args: ["images"] }, "fileCorrectSize"],
          attributes: { accept: "images", multiple: false, publicFile: true, hint: "jpg, jpeg, gif или png, до 30 Мб" },
        },
        {
          name: "name",
          type: "input",
          label: "Название",
          placeholder: "Например, «Баннер акции для ИП»",
          validations: [{ name: "maxLength", args: [NAME_MAX_LENGTH] }],
          attributes: { hint: "Для поиска в галерее и текста alt; пусто — имя файла" },
        },
        save,
      ],
    }),
    fields: { image: { ...fileField(), stored: false } },
    fromRecord: { image: (r) => ({ name: r.attributes.name, url: r.attributes.url, size: r.attributes.size, type: r.attributes.mime }) },
  },
})
