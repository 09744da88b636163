import { Link } from "wouter"
import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { lead, title as titleCss } from "../../ui/page.css.ts"
import * as css from "./catalogue.css.ts"
import type { PlatformData } from "./loaders.ts"

/** /platforms/{platform_id}: the platform and the tariffs that work there. */
export function PlatformPage({ data }: { data: PlatformData }) {
  const p = data.platform
  return (
    <article>
      <h1 className={titleCss}>{p.attributes.name}</h1>
      <p className={lead}>{p.attributes.description}</p>
      <p className={css.muted}>
        {p.attributes.group_name}.{" "}
        <a href={p.attributes.url} target="_blank" rel="noopener noreferrer">
          {m.site}
        </a>
      </p>
      <section className={css.section} aria-labelledby="platform-tariffs">
        <h2 id="platform-tariffs" className={css.sectionTitle}>
          {m.platformTariffs}
        </h2>
        {p.relationships.tariffs.length === 0 ? (
          <p className={css.muted}>{m.noTariffs}</p>
        ) : (
          <ul className={css.grid}>
            {p.relationships.tariffs.map((t) => (
              <li key={t.id} className={css.card}>
                <h3 className={css.cardTitle}>
                  <Link href={`/tariffs/${t.id}`}>{t.attributes.name}</Link>
                </h3>
                <p className={css.muted}>{t.attributes.purpose}</p>
                {t.attributes.price_from !== null && <p className={css.price}>{m.priceFrom(formatRubles(t.attributes.price_from))}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}
