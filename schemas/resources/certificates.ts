import { Schema } from "effect"
import { shortDay } from "../dates.ts"
import {
  CERTIFICATE_SOURCE_LABELS,
  type CertificateSource,
  OWNER_KIND_LABELS,
  reasonLabel,
  REVOCATION_REASONS,
  VALIDITY_LABELS,
  VALIDITY_STATES,
  type ValidityState,
  validityConditions,
} from "../entities/certificate.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { registerMessages } from "../messages/register.ts"
import { ORDER_ROLES } from "../roles.ts"
import { defineResource, type RecordSection } from "./define.ts"
import { nullableText, plainNumber, plainText } from "./fields.ts"

/** dd.MM.yyyy, Moscow time. */
const day = (iso: string | null) => (iso ? shortDay(iso) : "—")
/** The status staff read: computed from the stored status and not_after when the record is read (server/routes/crm-certificates.ts). */
const validityLabel = (s: string) => VALIDITY_LABELS[s as ValidityState] ?? s

const Attributes = Schema.Struct({
  public_id: Schema.String,
  serial: Schema.String,
  owner_kind: Schema.String,
  owner_person: Schema.NullOr(Schema.String),
  owner_org: Schema.NullOr(Schema.String),
  owner_inn: Schema.NullOr(Schema.String),
  owner_ogrn: Schema.NullOr(Schema.String),
  not_before: Schema.String,
  not_after: Schema.String,
  status: Schema.String,
  revocation_reason: Schema.NullOr(Schema.Number),
  revoked_at: Schema.NullOr(Schema.String),
  source: Schema.String,
  user_id: Schema.NullOr(Schema.Number),
  order_id: Schema.NullOr(Schema.Number),
  has_code_word: Schema.Boolean,
  code_word_failures: Schema.Number,
  validity: Schema.String,
})

/** The one-record answer's `meta` (server/routes/crm-certificates.ts): the DNs and the download. */
const Detail = Schema.Struct({ subject_dn: Schema.String, issuer_dn: Schema.String, thumbprint: Schema.String, owner_email: Schema.NullOr(Schema.String) })

const CertificateRecord = Schema.Struct({ id: Schema.String, type: Schema.Literal("certificate"), attributes: Attributes, meta: Schema.optionalKey(Detail) })
export type CertificateRecord = typeof CertificateRecord.Type

const ownerOf = (r: CertificateRecord) => r.attributes.owner_org ?? r.attributes.owner_person ?? "—"

/** The public download of a record's .cer (by its opaque id). */
export const certificateDownloadUrl = (publicId: string) => `/api/v2/certificates/${publicId}/download/`

const sectionsOf = (r: CertificateRecord): RecordSection[] => {
  const a = r.attributes
  const d = r.meta
  const rows = [
    ["Серийный номер", a.serial.toUpperCase()],
    ["Статус", validityLabel(a.validity)],
    ...(a.status !== "valid" && a.revoked_at ? [["Причина", reasonLabel(a.revocation_reason)], ["Дата изменения статуса", day(a.revoked_at)]] : []),
    ["Владелец", ownerOf(r)],
    ["Вид владельца", OWNER_KIND_LABELS[a.owner_kind] ?? a.owner_kind],
    ["ИНН", a.owner_inn ?? "—"],
    ["ОГРН / ОГРНИП", a.owner_ogrn ?? "—"],
    ["Действует", `с ${day(a.not_before)} по ${day(a.not_after)}`],
    ["Источник", CERTIFICATE_SOURCE_LABELS[a.source as CertificateSource] ?? a.source],
    ["Заявка", a.order_id === null ? "—" : `№ ${a.order_id}`],
    ["Кодовое слово", a.has_code_word ? (a.code_word_failures > 0 ? `задано; неверных ответов: ${a.code_word_failures}` : "задано") : "не задано"],
    ...(d ? [["Субъект", d.subject_dn], ["Издатель", d.issuer_dn], ["Отпечаток (SHA-1)", d.thumbprint.toUpperCase()], ["E-mail клиента", d.owner_email ?? "—"]] : []),
  ]
  return [
    { title: "Сертификат", head: ["Поле", "Значение"], rows: rows.map((cells) => ({ cells })), empty: "—" },
    { title: "Файл", head: ["Файл"], rows: [{ cells: [`${a.serial.toUpperCase()}.cer`], download: { url: certificateDownloadUrl(a.public_id), name: `${a.serial.toUpperCase()}.cer` } }], empty: "—" },
  ]
}

/** The transitions' values: `revoke:<RFC 5280 code>`, `suspend`, `resume` (server/routes/crm-certificates.ts). */
export const REVOKE_PREFIX = "revoke:"
const choicesOf = (r: CertificateRecord) => {
  const revokes = REVOCATION_REASONS.map((x) => ({ value: `${REVOKE_PREFIX}${x.code}`, label: registerMessages.actions.revoke(x.label) }))
  // By the status computed when read: an expired certificate has nothing left to suspend or revoke.
  switch (r.attributes.validity) {
    case "valid":
    case "expiring":
      return [{ value: "suspend", label: registerMessages.actions.suspend }, ...revokes]
    case "suspended":
      return [{ value: "resume", label: registerMessages.actions.resume }, ...revokes]
    default:
      return []
  }
}

const statusFilter = {
  name: "status",
  type: "select",
  label: "Статус",
  placeholder: "Любой",
  attributes: { options: VALIDITY_STATES.map((s) => ({ value: s, label: VALIDITY_LABELS[s] })) },
} as const

/**
 * 'Реестр сертификатов' (docs/register.md): the CA's register for operators and
 * administrators (editors have no access). Search by serial, owner or INN; filter by status; sort by
 * the end of validity. Read-only but for the status: 'Отозвать' with an RFC 5280 reason,
 * 'Приостановить', 'Возобновить' (each rebuilds the CRL); the import of .cer files and the suspension
 * by the owner's call are their own calls (server/routes/crm-certificates.ts).
 */
export const certificates = defineResource({
  name: "certificates",
  roles: ORDER_ROLES,
  title: "Реестр сертификатов",
  routeBase: "/crm/certificates",
  apiPath: "/api/v2/crm/certificates",
  table: "certificates",
  type: "certificate",
  attributes: {
    public_id: plainText,
    serial: plainText,
    owner_kind: plainText,
    owner_person: nullableText,
    owner_org: nullableText,
    owner_inn: nullableText,
    owner_ogrn: nullableText,
    not_before: plainText,
    not_after: plainText,
    status: plainText,
    revocation_reason: { read: Schema.NullOr(Schema.Number), fromColumn: (c: unknown) => (c === null || c === undefined ? null : Number(c)) },
    revoked_at: nullableText,
    source: plainText,
    user_id: { read: Schema.NullOr(Schema.Number), fromColumn: (c: unknown) => (c === null || c === undefined ? null : Number(c)) },
    order_id: { read: Schema.NullOr(Schema.Number), fromColumn: (c: unknown) => (c === null || c === undefined ? null : Number(c)) },
    has_code_word: { read: Schema.Boolean, fromColumn: () => false },
    code_word_failures: plainNumber,
    // Computed when read (crm-certificates.ts `shownCertificate`): no column holds it.
    validity: { read: Schema.String, fromColumn: () => "valid" },
  },
  record: CertificateRecord,
  columns: [
    { key: "serial", label: "Серийный номер", value: (r) => r.attributes.serial.toUpperCase(), sortBy: "serial" },
    { key: "owner", label: "Владелец", value: ownerOf },
    { key: "owner_inn", label: "ИНН", value: (r) => r.attributes.owner_inn ?? "—" },
    { key: "not_after", label: "Действует до", value: (r) => day(r.attributes.not_after), sortBy: "not_after" },
    { key: "status", label: "Статус", value: (r) => validityLabel(r.attributes.validity), sortBy: "status" },
    { key: "source", label: "Источник", value: (r) => CERTIFICATE_SOURCE_LABELS[r.attributes.source as CertificateSource] ?? r.attributes.source },
  ],
  labelOf: (r) => `Сертификат ${r.attributes.serial.toUpperCase()}`,
  search: ["serial", "owner_person", "owner_org", "owner_inn"],
  filter: definePreset({ id: "crm_certificates_filter", fields: [query("Поиск по серийному номеру, владельцу или ИНН", "Например, 7707083893"), statusFilter, find] }),
  // The status filter compares not_after with the time of the call, as validityOf does (both dialects: ISO strings).
  whereAt: { status: Object.fromEntries(VALIDITY_STATES.map((s) => [s, (at: Date) => validityConditions(s, at)])) },
  order: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
  sections: sectionsOf,
  // src/features/register/crm: the import of .cer files (the list), the suspension by the owner's call (a record).
  panels: { list: ["certificate_import"], record: ["certificate_order_link", "certificate_phone_suspend"] },
  transitions: {
    path: "status",
    field: "action",
    title: registerMessages.actions.title,
    choices: choicesOf,
    confirm: (r, label) => registerMessages.actions.confirm(r.attributes.serial.toUpperCase(), label),
    noteLabel: registerMessages.actions.note,
  },
})
