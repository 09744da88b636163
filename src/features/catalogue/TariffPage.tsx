import { Link } from "wouter"
import { catalogueMessages as m } from "../../../schemas/messages/catalogue.ts"
import { tariffApplicantKindLabels } from "../../../schemas/entities/catalogue.ts"
import { title as titleCss, lead } from "../../ui/page.css.ts"
import { ConsultationButton } from "../consultations/index.ts"
import { Prose } from "../content/index.ts"
import * as css from "./catalogue.css.ts"
import type { TariffData } from "./loaders.ts"
import { TariffOrder } from "./TariffOrder.tsx"

/** /tariffs/{tariff_id}: what the tariff is for and contains, where it works, its periods and extras with the live total, 'Заказать'. */
export function TariffPage({ data }: { data: TariffData }) {
  const t = data.tariff
  const a = t.attributes
  return (
    <article>
      <h1 className={titleCss}>{a.name}</h1>
      <p className={lead}>{a.purpose}</p>
      <div className={css.layout}>
        <div>
          <p className={css.muted}>
            {a.qualified ? m.qualified : m.nonQualified}. {m.applicantKinds}: {a.applicant_kinds.map((k) => tariffApplicantKindLabels[k]).join(", ")}.
          </p>
          <section className={css.section} aria-labelledby="tariff-contains">
            <h2 id="tariff-contains" className={css.sectionTitle}>
              {m.tariffContains}
            </h2>
            <Prose html={a.description} />
          </section>
          <section className={css.section} aria-labelledby="tariff-platforms">
            <h2 id="tariff-platforms" className={css.sectionTitle}>
              {m.tariffPlatforms}
            </h2>
            {t.relationships.platforms.length === 0 ? (
              <p className={css.muted}>{m.noPlatforms}</p>
            ) : (
              <ul>
                {t.relationships.platforms.map((p) => (
                  <li key={p.id}>
                    <Link href={`/platforms/${p.id}`}>{p.attributes.name}</Link> — {p.attributes.group_name}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className={css.section}>
            <ConsultationButton tariffId={t.id} />
          </div>
        </div>
        <TariffOrder tariff={t} />
      </div>
    </article>
  )
}
