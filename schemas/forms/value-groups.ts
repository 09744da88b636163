import { appliesTo } from "./applies.ts"
import { presets } from "./index.ts"
import { formatByMask } from "./shown.ts"
import type { FieldOptionsBySource, FormField, FormValues } from "./types.ts"
import { holdsValue } from "./values.ts"

/**
 * An order's values as the customer saw them, grouped under its preset's section headings: the
 * wizard's review and the CRM's order page read the same groups, so staff see the customer's labels.
 */

/** The words a group's values are shown with (schemas/messages/order.ts `wizard.review`). */
export interface ShownTexts {
  readonly yes: string
  readonly no: string
  readonly secret: string
  readonly noFile: string
  readonly passport: string
  readonly snils: string
}

export interface ValueGroup {
  /** The heading field's name (`section_holder`), or the passport's and SNILS's own group of that section. */
  readonly section: string
  readonly title: string
  readonly items: (readonly [string, string])[]
}

/** Fields of the holder's block shown as their own groups, as the customer knows the documents. */
const PASSPORT = new Set(["passport", "passport_date", "passport_issuer", "passport_division_code", "birth_date", "birth_place"])
const SNILS = new Set(["snils"])
/** Never shown back: a secret, or a consent the review asks for again. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(["code_word", "code_word_confirmation"])
const SKIPPED = new Set(["agreement", "policy", "save_draft", "submit"])

/** A section heading of an order preset (`heading()` of schemas/forms/parts/order.ts). */
export const isSectionHeading = (field: FormField): boolean => field.type === "text" && field.name.startsWith("section_")

const choiceLabel = (field: FormField, sources: FieldOptionsBySource | undefined, value: string): string => {
  const list = field.attributes?.options ?? (field.attributes?.source ? sources?.[field.attributes.source] : undefined) ?? []
  return list.find((o) => o.value === value)?.label ?? value
}

/** A value as the customer typed or chose it; empty when nothing was given. */
export function shownValue(field: FormField, value: unknown, texts: ShownTexts, sources?: FieldOptionsBySource): string {
  if (field.type === "checkbox") return value === true || value === "true" ? texts.yes : texts.no
  if (value === undefined || value === null || value === "") return ""
  if (SECRET_FIELDS.has(field.name)) return texts.secret
  if (Array.isArray(value)) {
    if (field.type === "upload") return value.map((f: { name?: string }) => f?.name ?? "").filter(Boolean).join(", ")
    return value.map((v) => choiceLabel(field, sources, String(v))).join(", ")
  }
  if (typeof value === "object") {
    const o = value as { value?: unknown; name?: unknown }
    return String(o.value ?? o.name ?? "")
  }
  const text = String(value)
  if (field.type === "select" || field.type === "radiogroup" || field.type === "autocomplete") return choiceLabel(field, sources, text)
  return formatByMask(field.mask, text)
}

/**
 * The preset's applying fields with values, grouped by its section headings (the tariff's section is
 * left out: its choice is shown apart), the passport and SNILS as groups of their own after the
 * section they stand in. Upload fields without a file read `noFile`; `uploads: false` leaves them out
 * (the CRM shows the order's files, attached later too, apart).
 */
export function presetGroups(presetId: string, values: FormValues, texts: ShownTexts, sources?: FieldOptionsBySource, options: { readonly uploads?: boolean } = {}): ValueGroup[] {
  const preset = presets[presetId]
  if (!preset) return []
  const groups: ValueGroup[] = []
  let current: ValueGroup | null = null
  const extra: Record<string, ValueGroup> = {}
  for (const field of preset.fields) {
    if (isSectionHeading(field)) {
      current = field.name === "section_tariff" ? null : { section: field.name, title: field.attributes?.text ?? "", items: [] }
      if (current) groups.push(current)
      continue
    }
    if (!current || !holdsValue(field) || SKIPPED.has(field.name) || !appliesTo(field, values, preset.fields)) continue
    if (field.type === "upload" && options.uploads === false) continue
    const text = field.type === "upload" ? shownValue(field, values[field.name], texts, sources) || texts.noFile : shownValue(field, values[field.name], texts, sources)
    if (!text) continue
    const own = PASSPORT.has(field.name) ? texts.passport : SNILS.has(field.name) ? texts.snils : null
    if (own) {
      const at = current
      extra[own] ??= { section: at.section, title: own, items: [] }
      if (!groups.includes(extra[own])) groups.splice(groups.indexOf(at) + 1 + (own === texts.snils && extra[texts.passport] ? 1 : 0), 0, extra[own])
      extra[own].items.push([field.label ?? field.name, text])
    } else current.items.push([field.label ?? field.name, text])
  }
  return groups.filter((g) => g.items.length > 0)
}
