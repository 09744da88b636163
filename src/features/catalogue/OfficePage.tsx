import { Link } from "wouter"
import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { readCookie } from "../../api/cookies.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { formatPhone } from "../../ui/phone.ts"
import { lead, title as titleCss } from "../../ui/page.css.ts"
import { ClientOnly } from "../content/index.ts"
import * as css from "./catalogue.css.ts"
import type { OfficeData } from "./loaders.ts"
import { MOSCOW, officeHref, officesFor, readOfficeQuery } from "./office-filter.ts"

const OfficeSearchForm = lazyWithReload(() => import("./OfficeSearchForm.tsx").then((x) => ({ default: x.OfficeSearchForm })))

/**
 * /office: office_search_frm (lazily), then the offices of the chosen city — the `?city=`, else the
 * current city (the `cityName` cookie, read on the server too), else Москва: address, hours, phone as
 * a tel: link, metro. The cities with offices are links too, so the page works without scripts.
 */
export function OfficePage({ data, search, title }: { data: OfficeData; search: string; title: string }) {
  const query = readOfficeQuery(search, data.cities, readCookie("cityName"))
  const offices = officesFor(data.offices, query)
  return (
    <>
      <h1 id="office-title" className={titleCss}>
        {title}
      </h1>
      <p className={lead}>{m.officeDescription}</p>
      <div className={css.officeSearch}>
        <ClientOnly fallback={null}>
          <OfficeSearchForm cities={data.cities} query={query} labelledBy="office-title" />
        </ClientOnly>
      </div>
      <nav aria-label="Города с офисами">
        <ul className={css.tabs}>
          {data.cities.map((c) => (
            <li key={c.slug}>
              <Link href={officeHref(c)} className={css.tab} aria-current={query.city?.slug === c.slug ? "page" : undefined}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="office-list">
        <h2 id="office-list" className={css.sectionTitle}>
          {query.city ? (query.city.name === MOSCOW ? m.moscowSubset(offices.length) : query.city.name) : m.officeTitle}
        </h2>
        {offices.length === 0 ? (
          <p className={css.muted}>{m.officeNone}</p>
        ) : (
          <ul className={css.officeList}>
            {offices.map((o) => (
              <li key={o.id} className={css.card}>
                <h3 className={css.cardTitle}>{o.attributes.name}</h3>
                <p className={css.factValue}>{o.attributes.address}</p>
                <dl className={css.facts}>
                  <dt className={css.factTerm}>{m.hours}</dt>
                  <dd className={css.factValue}>{o.attributes.hours}</dd>
                  <dt className={css.factTerm}>{m.phone}</dt>
                  <dd className={css.factValue}>
                    <a href={`tel:${o.attributes.phone.replace(/[^\d+]/g, "")}`}>{formatPhone(o.attributes.phone)}</a>
                  </dd>
                  {o.attributes.metro && (
                    <>
                      <dt className={css.factTerm}>{m.metro}</dt>
                      <dd className={css.factValue}>{o.attributes.metro}</dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
