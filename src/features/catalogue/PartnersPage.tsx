import { Link } from "wouter"
import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { buttonClass } from "../../ui/Button.tsx"
import { lead, title as titleCss } from "../../ui/page.css.ts"
import * as css from "./catalogue.css.ts"
import type { PartnersData } from "./loaders.ts"

/** /partners: banks and platforms whose clients get a signature on their terms, each with its request form. */
export function PartnersPage({ data, title }: { data: PartnersData; title: string }) {
  return (
    <>
      <h1 className={titleCss}>{title}</h1>
      <p className={lead}>{m.partnersDescription}</p>
      <ul className={css.grid}>
        {data.partners.map((p) => (
          <li key={p.id} className={css.card}>
            {p.attributes.logo && <img className={css.logo} src={p.attributes.logo.url} alt="" />}
            <h2 className={css.cardTitle}>{p.attributes.name}</h2>
            <p className={css.muted}>{p.attributes.kind_name}</p>
            <p className={css.factValue}>{p.attributes.description}</p>
            <div className={css.cardActions}>
              <Link href={`/partners/${p.id}/new`} className={buttonClass("primary")} aria-label={`${m.partnerRequest}: ${p.attributes.name}`}>
                {m.partnerRequest}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
