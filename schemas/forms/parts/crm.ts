import { NAME_MAX_LENGTH, URL_MAX_LENGTH } from "../../constants.ts"
import type { FormField } from "../types.ts"

/** Parts of the CRM presets. The CRM edit page renders its own save button; the engine uses `save`. */
export const save: FormField = { name: "submit", type: "submit", label: "Сохранить", attributes: { variant: "primary" } }

export const title: FormField = {
  name: "title",
  type: "input",
  label: "Заголовок",
  validations: ["required", { name: "maxLength", args: [NAME_MAX_LENGTH] }],
}

/** A path of this site (`/buy`) or a full address. */
export const url = (name: string, label: string, required: boolean): FormField => ({
  name,
  type: "input",
  label,
  placeholder: "/buy или https://…",
  validations: [...(required ? (["required"] as const) : []), { name: "maxLength", args: [URL_MAX_LENGTH] }],
  attributes: { inputMode: "url" },
})

export const position: FormField = {
  name: "position",
  type: "input",
  label: "Порядок",
  placeholder: "Число, например 10",
  mask: "number",
  class: "third",
  validations: ["required", "numeric"],
  attributes: { inputMode: "numeric", hint: "Меньшее число — выше в списке" },
}

export const published: FormField = { name: "published", type: "checkbox", label: "Опубликовано" }

/** The rich-text body; its images go to `POST /api/v2/crm/images` with `slug`. */
export const body = (name: string, label: string, slug: string): FormField => ({
  name,
  type: "editor",
  label,
  validations: ["required"],
  attributes: { slug },
})

/**
 * The page's description for search engines and social cards (SPEC.md section 3, "Page"). A page
 * with a blank meta title shows its own title; a page setting exists only to describe a page, so
 * there the title is required.
 */
export const metaFields = (titleRequired: boolean): readonly FormField[] => [
  {
    name: "meta_title",
    type: "input",
    label: "Заголовок страницы (title)",
    validations: [...(titleRequired ? (["required"] as const) : []), { name: "maxLength", args: [NAME_MAX_LENGTH] }],
  },
  {
    name: "meta_description",
    type: "textarea",
    label: "Описание (description)",
    validations: [{ name: "maxLength", args: [500] }],
    attributes: { rows: 3, hint: "Показывается в поисковой выдаче; лучше не длиннее 160 символов" },
  },
  {
    name: "meta_keywords",
    type: "input",
    label: "Ключевые слова (keywords)",
    placeholder: "Через запятую, например: электронная подпись, ЭЦП",
    validations: [{ name: "maxLength", args: [500] }],
  },
]
