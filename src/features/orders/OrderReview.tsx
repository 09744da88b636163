import type { OrderStep, WizardValues } from "../../../machines/order-wizard.machine.ts"
import type { FieldOptionsBySource, FormValues } from "../../../schemas/forms/types.ts"
import { presetGroups, shownValue } from "../../../schemas/forms/value-groups.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { orderMessages } from "../../../schemas/messages/order.ts"
import { Button } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import { applicantKind, identification } from "../../../schemas/forms/parts/order.ts"
import type { Catalogue } from "./orders-api.ts"
import { stepOfSection } from "./steps.ts"
import * as css from "./wizard.css.ts"

const w = orderMessages.wizard
const r = w.review

interface Group {
  readonly title: string
  readonly step: OrderStep
  readonly items: (readonly [string, string])[]
}

/** The preset's values grouped by its sections (the CRM's order page reads the same groups), each with its step. */
const groupsOf = (presetId: string, values: FormValues, sources: FieldOptionsBySource | undefined): Group[] =>
  presetGroups(presetId, values, r, sources).map((g) => ({ title: g.title, step: stepOfSection(g.section) ?? "applicant", items: g.items }))

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
    [applicantKind.label ?? "", shownValue(applicantKind, values.applicant_kind, r)],
    [identification.label ?? "", shownValue(identification, values.identification, r)],
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
