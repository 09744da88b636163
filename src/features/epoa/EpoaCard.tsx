import { shortDay } from "../../../schemas/dates.ts"
import type { EpoaRecord } from "../../../schemas/entities/epoa.ts"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { Facts } from "../../ui/Facts.tsx"
import * as css from "./epoa.css.ts"

const t = epoaMessages.pages
/** 'yyyy-mm-dd' (the day as written) or an ISO instant (its Moscow day) → dd.mm.yyyy; null for none. */
export const ruDay = (iso: string | null | undefined) => (iso ? shortDay(iso) : null)

/** One МЧД as the public answers give it: status, validity, principal, representative (masked), powers. */
export function EpoaCard({ epoa }: { epoa: EpoaRecord }) {
  const a = epoa.attributes
  const titleId = `epoa-${epoa.id}`
  return (
    <article className={css.card} aria-labelledby={titleId}>
      <h2 className={css.cardTitle} id={titleId}>
        {t.number}: {a.number}
      </h2>
      <p>
        {t.status}: <span className={css.status[a.status]}>{a.status_label}</span>
        {a.status === "revoked" && a.revoked_at ? ` ${ruDay(a.revoked_at)}` : ""}
      </p>
      <Facts
        items={[
          [t.validity, t.validityRange(ruDay(a.valid_from) ?? "", ruDay(a.valid_until) ?? "")],
          [t.issuedOn, ruDay(a.issued_on)],
          [t.principalTitle, a.principal.name],
          [t.principalInn, a.principal.inn],
          [t.ogrn, a.principal.ogrn],
          [t.signatory, a.principal.signatory],
          [t.representativeTitle, a.representative.name],
          [t.snils, a.representative.snils],
          [t.representativeInn, a.representative.inn],
          [t.formatVersion, a.format_version],
        ]}
      />
      <h3 className={css.cardTitle}>{t.powers}</h3>
      <ul className={css.powers}>
        {a.powers.map((p, i) => (
          <li key={`${p.code ?? "text"}-${i}`}>
            {p.name}
            {p.code ? <span className={css.code}> ({p.code})</span> : null}
          </li>
        ))}
      </ul>
    </article>
  )
}
