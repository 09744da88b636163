import { Schema } from "effect"
import { moscowToday, shortDay } from "../dates.ts"
import { epoaMessages } from "../messages/epoa.ts"
import { find, query } from "../forms/parts/search.ts"
import { definePreset } from "../forms/types.ts"
import { ORDER_ROLES } from "../roles.ts"
import { defineResource, type RecordSection } from "./define.ts"
import { nullableText, plainText } from "./fields.ts"

const Attributes = Schema.Struct({
  public_id: Schema.String,
  number: Schema.String,
  format_version: Schema.String,
  principal_org: Schema.String,
  principal_inn: Schema.String,
  principal_ogrn: Schema.NullOr(Schema.String),
  principal_kpp: Schema.NullOr(Schema.String),
  signatory_name: Schema.NullOr(Schema.String),
  representative_name: Schema.String,
  representative_snils: Schema.NullOr(Schema.String),
  representative_inn: Schema.NullOr(Schema.String),
  issued_on: Schema.String,
  valid_from: Schema.String,
  valid_until: Schema.String,
  powers: Schema.String,
  status: Schema.String,
  revoked_at: Schema.NullOr(Schema.String),
  revoke_reason: Schema.NullOr(Schema.String),
  signature_report: Schema.String,
  created_at: Schema.String,
})

const EpoaCrmRecord = Schema.Struct({ id: Schema.String, type: Schema.Literal("epoa"), attributes: Attributes })
export type EpoaCrmRecord = typeof EpoaCrmRecord.Type

/** A day (`yyyy-MM-dd`) or an instant (revoked_at) → dd.MM.yyyy, Moscow time; a dash for none. */
const day = (iso: string | null) => (iso === null ? "—" : shortDay(iso))
/** The stored status with expiry read from valid_until against today in Moscow (as the registry reads it). */
const statusLabel = (a: EpoaCrmRecord["attributes"]) =>
  a.status === "revoked" ? epoaMessages.status.revoked : a.valid_until < moscowToday() ? epoaMessages.status.expired : epoaMessages.status.active

const parsedJson = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T
  } catch {
    return fallback
  }
}

const sectionsOf = (r: EpoaCrmRecord): RecordSection[] => {
  const a = r.attributes
  const report = parsedJson<{ verdict?: string; signers?: { verdict?: string; certificate?: { subject?: { text?: string }; serial?: string } | null }[] }>(a.signature_report, {})
  const m = epoaMessages.pages
  const rows: string[][] = [
    [m.number, a.number],
    [m.formatVersion, a.format_version],
    [m.status, statusLabel(a)],
    ...(a.status === "revoked" ? [[m.revokedAt, day(a.revoked_at)], [m.reason, a.revoke_reason ?? "—"]] : []),
    [m.issuedOn, day(a.issued_on)],
    [m.validity, m.validityRange(day(a.valid_from), day(a.valid_until))],
    [m.principalTitle, a.principal_org],
    [`${m.inn} / ${m.ogrn} / ${m.kpp}`, [a.principal_inn, a.principal_ogrn ?? "—", a.principal_kpp ?? "—"].join(" / ")],
    [m.signatory, a.signatory_name ?? "—"],
    [m.representativeTitle, a.representative_name],
    [`${m.snils} / ${m.inn}`, `${a.representative_snils ?? "—"} / ${a.representative_inn ?? "—"}`],
    ["Подпись", report.verdict ?? "—"],
    ...(report.signers ?? []).map((s) => ["Подписант", s.certificate?.subject?.text ?? s.verdict ?? "—"]),
  ]
  const powers = parsedJson<{ code: string | null; name: string }[]>(a.powers, [])
  return [
    { title: "Доверенность", head: ["Поле", "Значение"], rows: rows.map((cells) => ({ cells })), empty: "—" },
    { title: m.powers, head: [m.code, "Полномочие"], rows: powers.map((p) => ({ cells: [p.code ?? "—", p.name] })), empty: "—" },
    {
      title: "Файлы",
      head: ["Файл"],
      rows: [
        { cells: [`${a.number}.xml`], download: { url: epoaFileUrl(r.id, "xml"), name: `${a.number}.xml` } },
        { cells: [`${a.number}.xml.sig`], download: { url: epoaFileUrl(r.id, "sig"), name: `${a.number}.xml.sig` } },
      ],
      empty: "—",
    },
  ]
}

/** The staff's download of an МЧД's XML or its signature (server/routes/epoa.ts). */
export const epoaFileUrl = (id: string, kind: "xml" | "sig") => `/api/v2/crm/epoas/${id}/${kind}/`

const statusFilter = {
  name: "status",
  type: "select",
  label: "Статус",
  placeholder: "Любой",
  attributes: {
    options: [
      { value: "active", label: "Не отозвана" },
      { value: "revoked", label: "Отозвана" },
    ],
  },
} as const

/** The transition's one value (server/routes/epoa.ts `epoaHooks`): the note is the reason, required. */
export const EPOA_REVOKE = "revoke"

/**
 * 'МЧД' (docs/epoa.md): the registry of machine-readable powers of attorney for operators
 * and administrators. Search by number, principal, INN or representative; filter by status. Read-only
 * but for 'Отозвать' (with the reason as the note); the upload of an XML with its signature is its own
 * call, `POST /api/v2/crm/epoas/upload/`.
 */
export const epoas = defineResource({
  name: "epoas",
  roles: ORDER_ROLES,
  title: "МЧД",
  routeBase: "/crm/epoas",
  apiPath: "/api/v2/crm/epoas",
  table: "epoas",
  type: "epoa",
  attributes: {
    public_id: plainText,
    number: plainText,
    format_version: plainText,
    principal_org: plainText,
    principal_inn: plainText,
    principal_ogrn: nullableText,
    principal_kpp: nullableText,
    signatory_name: nullableText,
    representative_name: plainText,
    representative_snils: nullableText,
    representative_inn: nullableText,
    issued_on: plainText,
    valid_from: plainText,
    valid_until: plainText,
    powers: plainText,
    status: plainText,
    revoked_at: nullableText,
    revoke_reason: nullableText,
    signature_report: plainText,
    created_at: plainText,
  },
  record: EpoaCrmRecord,
  columns: [
    { key: "number", label: "Номер", value: (r) => r.attributes.number, sortBy: "number" },
    { key: "principal", label: "Доверитель", value: (r) => `${r.attributes.principal_org} (ИНН ${r.attributes.principal_inn})` },
    { key: "representative", label: "Представитель", value: (r) => r.attributes.representative_name },
    { key: "valid_until", label: "Действует до", value: (r) => day(r.attributes.valid_until), sortBy: "valid_until" },
    { key: "status", label: "Статус", value: (r) => statusLabel(r.attributes), sortBy: "status" },
  ],
  labelOf: (r) => `МЧД ${r.attributes.number}`,
  search: ["number", "principal_org", "principal_inn", "representative_name", "representative_snils"],
  filter: definePreset({ id: "crm_epoas_filter", fields: [query("Поиск по номеру, доверителю, ИНН или представителю", "Например, 7707083893"), statusFilter, find] }),
  order: [
    ["created_at", "desc"],
    ["id", "desc"],
  ],
  sections: sectionsOf,
  panels: { list: ["epoa_upload"] },
  transitions: {
    path: "revoke",
    field: "action",
    title: "Отзыв доверенности",
    choices: (r) => (r.attributes.status === "revoked" ? [] : [{ value: EPOA_REVOKE, label: epoaMessages.crm.revoke }]),
    confirm: (r) => `Отозвать доверенность № ${r.attributes.number}? Она появится в списке отозванных.`,
    noteLabel: "Причина отзыва (обязательно)",
  },
})
