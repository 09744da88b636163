import type { OrderStep, WizardValues } from "../../../machines/order-wizard.machine.ts"
import { appliesTo } from "../../../schemas/forms/applies.ts"
import { presets } from "../../../schemas/forms/index.ts"
import type { FieldOptionsBySource, FormField, FormValues } from "../../../schemas/forms/types.ts"
import { holdsValue } from "../../../schemas/forms/values.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { orderMessages } from "../../../schemas/order-messages.ts"
import { Button } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import { applicantKind, identification } from "../../../schemas/forms/parts/order.ts"
import type { Catalogue } from "./orders-api.ts"
import { stepOfSection } from "./steps.ts"
import * as css from "./wizard.css.ts"

const w = orderMessages.wizard
const r = w.review

/** Fields of the holder's block shown as their own groups, as the customer knows the documents. */
const PASSPORT = new Set(["passport", "passport_date", "passport_issuer", "passport_division_code", "birth_date", "birth_place"])
const SNILS = new Set(["snils"])
/** Never shown back: a secret, or a consent the review asks for again. */
const SECRET = new Set(["code_word", "code_word_confirmation"])
const SKIPPED = new Set(["agreement", "policy", "save_draft", "submit"])

interface Group {
  readonly title: string
  readonly step: OrderStep
  readonly items: (readonly [string, string])[]
}

const choiceLabel = (field: FormField, sources: FieldOptionsBySource | undefined, value: string): string => {
  const list = field.attributes?.options ?? (field.attributes?.source ? sources?.[field.attributes.source] : undefined) ?? []
  return list.find((o) => o.value === value)?.label ?? value
}

/** A value as the customer typed or chose it; empty when nothing was given. */
function shown(field: FormField, value: unknown, sources: FieldOptionsBySource | undefined): string {
  if (field.type === "checkbox") return value === true ? r.yes : r.no
  if (value === undefined || value === null || value === "") return ""
  if (SECRET.has(field.name)) return r.secret
  if (Array.isArray(value)) {
    if (field.type === "upload") return value.map((f: { name?: string }) => f.name ?? "").filter(Boolean).join(", ")
    return value.map((v) => choiceLabel(field, sources, String(v))).join(", ")
  }
  if (typeof value === "object") {
    const o = value as { value?: unknown; name?: unknown }
    return String(o.value ?? o.name ?? "")
  }
  const text = String(value)
  return field.type === "select" || field.type === "radiogroup" || field.type === "autocomplete" ? choiceLabel(field, sources, text) : text
}

/** The preset's applying fields with values, grouped by its section headings (passport and SNILS apart). */
function groupsOf(presetId: string, values: FormValues, sources: FieldOptionsBySource | undefined): Group[] {
  const preset = presets[presetId]
  if (!preset) return []
  const groups: Group[] = []
  let current: Group | null = null
  const extra: Record<string, Group> = {}
  for (const field of preset.fields) {
    const step = stepOfSection(field.name)
    if (field.type === "text" && step) {
      current = step === "tariff" ? null : { title: field.attributes?.text ?? "", step, items: [] }
      if (current) groups.push(current)
      continue
    }
    if (!current || !holdsValue(field) || SKIPPED.has(field.name) || !appliesTo(field, values, preset.fields)) continue
    const text = field.type === "upload" ? shown(field, values[field.name], sources) || r.noFile : shown(field, values[field.name], sources)
    if (!text) continue
    const own = PASSPORT.has(field.name) ? r.passport : SNILS.has(field.name) ? r.snils : null
    if (own) {
      const at = current
      extra[own] ??= { title: own, step: at.step, items: [] }
      if (!groups.includes(extra[own])) groups.splice(groups.indexOf(at) + 1 + (own === r.snils && extra[r.passport] ? 1 : 0), 0, extra[own])
      extra[own].items.push([field.label ?? field.name, text])
    } else current.items.push([field.label ?? field.name, text])
  }
  return groups.filter((g) => g.items.length > 0)
}

/**
 * The review (docs/orders.md "Проверка"): every value the customer is asked to confirm, grouped as
 * the steps are, each group with 'Изменить' (that step, whose 'Далее' comes back here), then the total.
 */
export function OrderReview(props: {
  presetId: string
  values: WizardValues
  catalogue: Catalogue | null
  sources: FieldOptionsBySource | undefined
  price: number
  onEdit: (step: OrderStep) => void
}) {
  const { values, catalogue, price, onEdit } = props
  const period = String(values.period ?? "")
  const cert = catalogue?.tariff?.relationships.periods.find((o) => String(o.attributes.period) === period)
  const chosen = new Set(Array.isArray(values.options) ? (values.options as string[]) : [])
  const extras = catalogue?.extras.filter((o) => chosen.has(o.id)) ?? []
  const choice: (readonly [string, string])[] = [
    [r.tariff, catalogue?.tariff ? catalogue.tariff.attributes.name : w.noTariff],
    ...(cert ? [[r.period, `${r.months(period)} — ${formatRubles(cert.attributes.price)}`] as const] : []),
    [r.extras, extras.length > 0 ? extras.map((o) => `${o.attributes.name} — ${formatRubles(o.attributes.price)}`).join("; ") : r.none],
    [applicantKind.label ?? "", shown(applicantKind, values.applicant_kind, undefined)],
    [identification.label ?? "", shown(identification, values.identification, undefined)],
  ]
  const groups: Group[] = [{ title: r.choice, step: "tariff", items: choice }, ...groupsOf(props.presetId, values as FormValues, props.sources)]
  return (
    <div className={css.review}>
      {groups.map((g, i) => (
        <section key={`${g.title}-${i}`} className={css.summary} aria-labelledby={`review-group-${i}`}>
          <div className={css.groupHead}>
            <h3 id={`review-group-${i}`} className={css.groupTitle}>
              {g.title}
            </h3>
            <Button variant="secondary" className={css.edit} aria-label={r.editOf(g.title)} onClick={() => onEdit(g.step)}>
              {r.edit}
            </Button>
          </div>
          <Facts items={g.items} />
        </section>
      ))}
      <p className={css.price}>
        {r.total}: <output>{formatRubles(price)}</output>
      </p>
    </div>
  )
}
