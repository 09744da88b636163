import type { FormPreset } from "../forms/types.ts"
import type { Change, ResourceDeclaration } from "./define.ts"

/** A logged value longer than this, or any HTML, is shown as a text excerpt of this many characters. */
export const EXCERPT_MAX = 160

/** Columns most tables have, named as staff read them. */
const COMMON: Readonly<Record<string, string>> = {
  id: "Номер записи",
  created_at: "Создана",
  updated_at: "Изменена",
  position: "Порядок",
  published: "Опубликовано",
  status: "Статус",
  title: "Заголовок",
  name: "Название",
  email: "E-mail",
  slug: "Адрес",
  url: "Адрес",
}

export interface FieldNames {
  /** A column's Russian name, by the column's key. */
  readonly labels: Readonly<Record<string, string>>
  /** A choice's Russian name, by column and stored value (a status's 'Оплачена'). */
  readonly values: Readonly<Record<string, Readonly<Record<string, string>>>>
}

const presetLabels = (preset: FormPreset | undefined, labels: Record<string, string>, values: Record<string, Record<string, string>>) => {
  for (const f of preset?.fields ?? []) {
    if (f.name === "q" || f.type === "submit") continue
    if (f.label && !(f.name in labels) && !/_(from|to)$/.test(f.name)) labels[f.name] = f.label
    for (const o of f.attributes?.options ?? []) if (o.label && String(o.value) !== "") (values[f.name] ??= {})[String(o.value)] ??= o.label
  }
}

/**
 * The Russian names a resource's declaration gives its columns and their choices: the form's labels
 * (the texts staff filled), the list's headings, the filter's labels and options (an order's statuses).
 */
export function fieldNamesOf(r: ResourceDeclaration): FieldNames {
  const labels: Record<string, string> = {}
  const values: Record<string, Record<string, string>> = {}
  presetLabels(r.edit?.form, labels, values)
  for (const c of r.columns) labels[c.key] ??= c.label
  presetLabels(r.filter, labels, values)
  if (r.transitions) labels[r.transitions.field] ??= r.transitions.title
  return { labels: { ...COMMON, ...labels }, values }
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " }

/**
 * A logged value as text: HTML is never rendered — its tags go, its text stays (entities decoded) —
 * and a long value is cut to EXCERPT_MAX characters with «…».
 */
export function excerptOf(value: string): string {
  const html = /<\/?[a-z][^>]*>/i.test(value)
  const text = html
    ? value
        .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
        .replace(/<br\s*\/?>|<\/(p|li|h[1-6]|blockquote|div)>/gi, " ")
        .replace(/<[^>]*>/g, "")
        .replace(/&(#39|amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
        .replace(/\s+/g, " ")
        .trim()
    : value
  return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text
}

/** An entry's changes in Russian: the column's name, each value by its choice's name or as an excerpt. */
export function namedChanges(changes: readonly Change[], names: FieldNames | undefined): Change[] {
  return changes.map(({ field, before, after }) => {
    const choices = names?.values[field]
    const shown = (v: string) => (choices && Object.hasOwn(choices, v) ? choices[v]! : excerptOf(v))
    return { field: names?.labels[field] ?? COMMON[field] ?? field, before: shown(before), after: shown(after) }
  })
}
