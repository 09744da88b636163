import type { WizardValues } from "../../../machines/order-wizard.machine.ts"
import { APPLICANT_DOCUMENTS } from "../../../schemas/applicant-documents.ts"
import { APPLICANT_KIND_LABELS, type ApplicantKind, APPLICANT_KINDS } from "../../../schemas/entities/order.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { orderMessages } from "../../../schemas/messages/order.ts"
import type { Catalogue } from "./orders-api.ts"
import * as css from "./wizard.css.ts"

const w = orderMessages.wizard
const text = (v: unknown) => (typeof v === "string" ? v.trim() : "")
const kindOf = (v: unknown): ApplicantKind | null => ((APPLICANT_KINDS as readonly unknown[]).includes(v) ? (v as ApplicantKind) : null)

/** The review's summary: what is bought at what price (the server's price at submit), and for whom. */
export function OrderSummary({ catalogue, values, price }: { catalogue: Catalogue | null; values: WizardValues; price: number }) {
  const period = String(values.period ?? "")
  const cert = catalogue?.tariff?.relationships.periods.find((o) => String(o.attributes.period) === period)
  const chosen = new Set(Array.isArray(values.options) ? (values.options as string[]) : [])
  const extras = catalogue?.extras.filter((o) => chosen.has(o.id)) ?? []
  const kind = kindOf(values.applicant_kind)
  const who = text(values.company) || [text(values.last_name), text(values.first_name), text(values.middle_name)].filter(Boolean).join(" ")
  return (
    <section className={css.summary} aria-label={w.summary}>
      <ul className={css.items}>
        {catalogue?.tariff && cert && (
          <li>
            {catalogue.tariff.attributes.name}, {cert.attributes.period} мес. — {formatRubles(cert.attributes.price)}
          </li>
        )}
        {extras.map((o) => (
          <li key={o.id}>
            {o.attributes.name} — {formatRubles(o.attributes.price)}
          </li>
        ))}
      </ul>
      {kind && (
        <p>
          {APPLICANT_KIND_LABELS[kind]}
          {who ? `: ${who}` : ""}
        </p>
      )}
      <p className={css.price}>
        {w.price}: <output>{formatRubles(price)}</output>
      </p>
    </section>
  )
}

/** The documents step's reference: what the applicant kind brings (the list of /doc_needs). */
export function DocumentsList({ kind }: { kind: unknown }) {
  const group = APPLICANT_DOCUMENTS.find((g) => g.kind === kindOf(kind))
  if (!group) return null
  return (
    <section aria-label={w.documentsList}>
      <p>{group.lead}</p>
      <ul className={css.items}>
        {group.documents.map((d) => (
          <li key={d.id}>
            {d.name}
            {d.note ? ` — ${d.note}` : ""}
          </li>
        ))}
      </ul>
    </section>
  )
}
