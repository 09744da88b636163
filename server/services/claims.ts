import { shortDay } from "../../schemas/dates.ts"
import { claimMessages } from "../../schemas/messages/services.ts"
import type { Requisites } from "../../schemas/requisites.ts"
import { buildPdf } from "./pdf.ts"

const t = claimMessages.pdf

/** What the application is made of: the order's number, kind, tariff and the values the customer entered. */
export interface ClaimInput {
  readonly orderId: number
  readonly applicantKind: string
  readonly tariffName: string | null
  readonly values: Readonly<Record<string, unknown>>
  readonly date: Date
}

/** A value as the application prints it: a date of the form in dd.MM.yyyy, a dash when empty. */
function shown(value: unknown): string {
  if (typeof value === "number") return String(value)
  if (typeof value !== "string" || !value.trim()) return "—"
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : value.trim()
}

/** SNILS as printed on the card: 123-456-789 01. */
const snilsText = (value: unknown) => {
  const d = typeof value === "string" ? value.replace(/\D/g, "") : ""
  return d.length === 11 ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 9)} ${d.slice(9)}` : shown(value)
}

export const holderName = (v: Readonly<Record<string, unknown>>) =>
  [v.last_name, v.first_name, v.middle_name].filter((x) => typeof x === "string" && x.trim()).join(" ")

/**
 * The application for a qualified certificate (заявление на изготовление сертификата ключа проверки
 * электронной подписи) as Russian CAs print it: to the CA, the applicant (organisation, entrepreneur or
 * person), the certificate holder's identity (name, position, INN, SNILS, passport, birth), the
 * confirmations and the signature lines. A PDF with DejaVu Sans embedded.
 */
export function claimPdf(r: Requisites, input: ClaimInput): Promise<Uint8Array> {
  const v = input.values
  const name = holderName(v)
  const kind = input.applicantKind
  return buildPdf({ title: t.title, author: `${t.author} ${r.name}` }, (w) => {
    w.text(t.to(r.name), { align: "right" })
    w.text(t.caDetails(r.inn, r.ogrn, r.legal_address), { align: "right", size: 8 })
    w.space(12)
    w.heading(t.title, 13)
    w.text(t.order(input.orderId, input.tariffName))
    w.space(6)
    w.text(t.request)
    w.space(6)
    w.text(`${t.applicant}: ${t.applicantKinds[kind] ?? kind}`, { bold: true })
    if (kind === "legal_entity") {
      w.facts([
        [t.company, shown(v.company)],
        [t.inn, shown(v.inn)],
        [t.kpp, shown(v.kpp)],
        [t.ogrn, shown(v.ogrn)],
        [t.legalAddress, shown(v.legal_address)],
      ])
    } else if (kind === "entrepreneur") {
      w.facts([
        [t.company, shown(v.company)],
        [t.inn, shown(v.inn)],
        [t.ogrnip, shown(v.ogrnip)],
        [t.legalAddress, shown(v.registration_address)],
      ])
    }
    w.text(t.holder, { bold: true })
    w.facts([
      [t.fullName, name || "—"],
      ...(kind === "legal_entity" ? ([[t.position, shown(v.position)]] as const) : []),
      [kind === "legal_entity" ? t.holderInn : t.inn, shown(kind === "legal_entity" ? v.holder_inn : v.inn)],
      [t.snils, snilsText(v.snils)],
      [t.passport, shown(v.passport)],
      [t.passportDate, shown(v.passport_date)],
      [t.passportIssuer, shown(v.passport_issuer)],
      [t.passportDivision, shown(v.passport_division_code)],
      [t.birthDate, shown(v.birth_date)],
      [t.birthPlace, shown(v.birth_place)],
      ...(kind === "individual_person" ? ([[t.registration, shown(v.registration_address)]] as const) : []),
    ])
    w.space(6)
    w.text(t.confirm, { size: 9 })
    w.space(18)
    w.text(t.holderSign(name || "____________________"))
    if (kind === "legal_entity") {
      w.space(12)
      w.text(t.chiefSign)
    }
    w.space(12)
    w.text(t.date(shortDay(input.date)))
  })
}
