import { Link } from "wouter"
import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { orderHref, type TariffOptionRecord } from "../../../schemas/entities/catalogue.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { buttonClass } from "../../ui/Button.tsx"
import { lead, title as titleCss } from "../../ui/page.css.ts"
import * as css from "./catalogue.css.ts"
import type { PriceData } from "./loaders.ts"

const periodOf = (o: TariffOptionRecord) => (o.attributes.period === null ? "—" : m.period(o.attributes.period))

/** /price: every tariff with its lowest price and the order button, then every option by group with its price. */
export function PricePage({ data, title }: { data: PriceData; title: string }) {
  return (
    <>
      <h1 className={titleCss}>{title}</h1>
      <p className={lead}>{m.priceLead}</p>
      <section aria-labelledby="price-tariffs">
        <h2 id="price-tariffs" className={css.sectionTitle}>
          {m.tariffsHeading}
        </h2>
        <ul className={css.grid}>
          {data.tariffs.map((t) => (
            <li key={t.id} className={css.card}>
              <h3 className={css.cardTitle}>
                <Link href={`/tariffs/${t.id}`}>{t.attributes.name}</Link>
              </h3>
              <p className={css.muted}>{t.attributes.purpose}</p>
              {t.attributes.price_from !== null && <p className={css.price}>{m.priceFrom(formatRubles(t.attributes.price_from))}</p>}
              <div className={css.cardActions}>
                <Link href={orderHref(t.id, null, [])} className={buttonClass("primary")} aria-label={`${m.order}: ${t.attributes.name}`}>
                  {m.order}
                </Link>
                <Link href={`/tariffs/${t.id}`} className={buttonClass("secondary")} aria-label={`${m.more}: ${t.attributes.name}`}>
                  {m.more}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {data.groups.map((g) => (
        <section key={g.slug} className={css.section} aria-labelledby={`price-${g.slug}`}>
          <h2 id={`price-${g.slug}`} className={css.sectionTitle}>
            {g.name}
          </h2>
          {g.description && <p className={css.muted}>{g.description}</p>}
          <table className={css.table}>
            <thead>
              <tr>
                <th className={css.cell} scope="col">
                  Услуга
                </th>
                <th className={css.cell} scope="col">
                  Срок
                </th>
                <th className={css.numCell} scope="col">
                  Цена
                </th>
              </tr>
            </thead>
            <tbody>
              {g.options.map((o) => (
                <tr key={`${g.slug}-${o.id}`}>
                  <td className={css.cell}>
                    {o.attributes.tariff_id ? <Link href={`/tariffs/${o.attributes.tariff_id}`}>{o.attributes.name}</Link> : o.attributes.name}
                    {o.attributes.tooltip && <div className={css.muted}>{o.attributes.tooltip}</div>}
                  </td>
                  <td className={css.cell}>{periodOf(o)}</td>
                  <td className={css.numCell}>{formatRubles(o.attributes.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  )
}
