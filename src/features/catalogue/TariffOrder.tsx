import { useMemo, useState } from "react"
import { Link } from "wouter"
import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { orderHref, type TariffDetail } from "../../../schemas/entities/catalogue.ts"
import { tariff_extra_options } from "../../../schemas/forms/tariff_extra_options.ts"
import { tariff_period_frm } from "../../../schemas/forms/tariff_period_frm.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { buttonClass } from "../../ui/Button.tsx"
import * as css from "./catalogue.css.ts"

const labelOf = (preset: { fields: readonly { name: string; label?: string }[] }, name: string) => preset.fields.find((f) => f.name === name)?.label ?? name

/**
 * The tariff's order box: its periods (tariff_period_frm's `period`, the `tariff_periods` choices) and
 * its extras (tariff_extra_options' `options`, the `tariff_options` choices, each with its cost), the
 * live total, and 'Заказать' to the wizard's address `/orders/new?tariff&period&options` (the
 * contract with the order wizard). Server-rendered with the first period chosen; works as plain
 * links without scripts only for the default choice.
 */
export function TariffOrder({ tariff }: { tariff: TariffDetail }) {
  const { periods, extras } = tariff.relationships
  const [periodId, setPeriodId] = useState(periods.find((p) => !p.attributes.extra_period)?.id ?? periods[0]?.id ?? null)
  const [chosen, setChosen] = useState<readonly string[]>([])
  const period = periods.find((p) => p.id === periodId) ?? null
  const total = useMemo(
    () => (period?.attributes.price ?? 0) + extras.filter((e) => chosen.includes(e.id)).reduce((sum, e) => sum + e.attributes.price, 0),
    [period, extras, chosen],
  )
  const toggle = (id: string) => setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]))
  const href = orderHref(tariff.id, period?.attributes.period ?? null, extras.filter((e) => chosen.includes(e.id)).map((e) => e.id))
  return (
    <aside className={css.orderBox} aria-labelledby="tariff-order">
      <h2 id="tariff-order" className={css.sectionTitle}>
        {m.order}
      </h2>
      {periods.length > 0 && (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{labelOf(tariff_period_frm, "period")}</legend>
          {periods.map((p) => (
            <label key={p.id} className={css.choice}>
              <input type="radio" name="period" value={String(p.attributes.period ?? "")} checked={p.id === periodId} onChange={() => setPeriodId(p.id)} />
              <span className={css.choiceName}>{p.attributes.period === null ? p.attributes.name : m.period(p.attributes.period)}</span>
              <span>{formatRubles(p.attributes.price)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {extras.length > 0 && (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{labelOf(tariff_extra_options, "options")}</legend>
          {extras.map((e) => (
            <label key={e.id} className={css.choice} title={e.attributes.tooltip ?? undefined}>
              <input type="checkbox" name="options" value={e.id} checked={chosen.includes(e.id)} onChange={() => toggle(e.id)} />
              <span className={css.choiceName}>{e.attributes.name}</span>
              <span>{formatRubles(e.attributes.price)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p className={css.total} aria-live="polite" data-testid="tariff-total">
        {m.total}: {formatRubles(total)}
      </p>
      <Link href={href} className={buttonClass("primary")}>
        {m.order}
      </Link>
    </aside>
  )
}
