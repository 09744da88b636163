/**
 * The CA's register of certificates (docs/register.md): stored statuses, what the public
 * answer says, and the RFC 5280 CRLReason codes with their Russian names. Pure data: the server, the
 * CRM declaration and the /reestr page read it alike.
 */

/** Stored in `certificates.status`; expiry is read from `not_after`. */
export const CERTIFICATE_STATUSES = ["valid", "revoked", "suspended"] as const
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]
export const isCertificateStatus = (v: unknown): v is CertificateStatus => typeof v === "string" && (CERTIFICATE_STATUSES as readonly string[]).includes(v)

/** What a visitor reads (the three words): an expired certificate is 'прекращён' too. */
export type PublicStatus = "active" | "terminated" | "suspended"
export const PUBLIC_STATUS_LABELS: Readonly<Record<PublicStatus, string>> = {
  active: "действителен",
  terminated: "прекращён",
  suspended: "приостановлен",
}

/** The public answer of one register row (`/api/v2/certificates/…`; docs/register.md "What a visitor reads"): server/services/register/public-view.ts builds it, the register page reads it. */
export interface PublicCertificate {
  readonly id: string
  readonly type: "certificate"
  readonly attributes: {
    readonly serial: string
    readonly status: PublicStatus
    readonly status_label: string
    /** Why it is 'прекращён': revoked (with its date and reason) or expired. */
    readonly terminated: { readonly kind: "revoked" | "expired"; readonly at: string; readonly reason: string | null } | null
    readonly suspended_at: string | null
    readonly not_before: string
    readonly not_after: string
    readonly owner_kind: string
    /** The person's name masked ('И*** И. И.'); the organisation's name in full. */
    readonly owner_name: string | null
    readonly organization: string | null
    /** The organisation's INN (10 digits) in full; a person's INN (12) masked. */
    readonly inn: string | null
    readonly ogrn: string | null
    readonly issuer: string
    readonly download_url: string
  }
}

/** The CRM's labels of the stored statuses. */
export const CERTIFICATE_STATUS_LABELS: Readonly<Record<CertificateStatus, string>> = {
  valid: "Действителен",
  revoked: "Отозван",
  suspended: "Приостановлен",
}

/** RFC 5280 5.3.1 CRLReason: certificateHold (6) is a suspension; removeFromCRL (8) is what a resume does. */
export const CERTIFICATE_HOLD = 6
export const REMOVE_FROM_CRL = 8

/** Reasons staff may revoke with (unspecified first), in the CRL's codes. */
export const REVOCATION_REASONS: ReadonlyArray<{ readonly code: number; readonly label: string }> = [
  { code: 0, label: "Причина не указана" },
  { code: 1, label: "Компрометация ключа" },
  { code: 2, label: "Компрометация ключа УЦ" },
  { code: 3, label: "Изменение сведений" },
  { code: 4, label: "Замена сертификата" },
  { code: 5, label: "Прекращение деятельности" },
  { code: 9, label: "Отзыв полномочий" },
]

const REASON_LABELS: Readonly<Record<number, string>> = {
  ...Object.fromEntries(REVOCATION_REASONS.map((r) => [r.code, r.label])),
  [CERTIFICATE_HOLD]: "Приостановление действия",
  10: "Компрометация атрибутов",
}
export const reasonLabel = (code: number | null | undefined): string => (code === null || code === undefined ? "—" : (REASON_LABELS[code] ?? `Код ${code}`))
export const isRevocationReason = (code: number): boolean => REVOCATION_REASONS.some((r) => r.code === code)

/** Where a register row came from. */
export const CERTIFICATE_SOURCES = ["issued", "imported", "seed"] as const
export type CertificateSource = (typeof CERTIFICATE_SOURCES)[number]
export const CERTIFICATE_SOURCE_LABELS: Readonly<Record<CertificateSource, string>> = { issued: "Выпущен УЦ", imported: "Импортирован", seed: "Демонстрационный" }

export const OWNER_KIND_LABELS: Readonly<Record<string, string>> = {
  legal_entity: "Юридическое лицо",
  entrepreneur: "Индивидуальный предприниматель",
  individual_person: "Физическое лицо",
}

/**
 * The CRM's status of a certificate as staff read it, computed at read time from the stored status and
 * not_after (nothing stores expiry): revoked first, then expired, suspended, expiring within
 * EXPIRING_DAYS, valid. `validityConditions` is the same rule as SQL comparisons of ISO strings.
 */
export const VALIDITY_STATES = ["valid", "expiring", "expired", "revoked", "suspended"] as const
export type ValidityState = (typeof VALIDITY_STATES)[number]
export const VALIDITY_LABELS: Readonly<Record<ValidityState, string>> = {
  valid: "Действителен",
  expiring: "Истекает",
  expired: "Истёк",
  revoked: "Отозван",
  suspended: "Приостановлен",
}
export const EXPIRING_DAYS = 30
const expiringFrom = (at: Date) => new Date(at.getTime() + EXPIRING_DAYS * 86_400_000)

export function validityOf(status: string, notAfter: string, at: Date = new Date()): ValidityState {
  if (status === "revoked") return "revoked"
  const end = new Date(notAfter).getTime()
  if (end < at.getTime()) return "expired"
  if (status === "suspended") return "suspended"
  return end < expiringFrom(at).getTime() ? "expiring" : "valid"
}

/** The comparisons (column, operator, value) that select the certificates in `state` at `at`. */
export function validityConditions(state: ValidityState, at: Date = new Date()): ReadonlyArray<readonly [string, "=" | "<>" | "<" | ">=", string]> {
  const nowIso = at.toISOString()
  const soon = expiringFrom(at).toISOString()
  switch (state) {
    case "revoked":
      return [["status", "=", "revoked"]]
    case "expired":
      return [
        ["status", "<>", "revoked"],
        ["not_after", "<", nowIso],
      ]
    case "suspended":
      return [
        ["status", "=", "suspended"],
        ["not_after", ">=", nowIso],
      ]
    case "expiring":
      return [
        ["status", "=", "valid"],
        ["not_after", ">=", nowIso],
        ["not_after", "<", soon],
      ]
    case "valid":
      return [
        ["status", "=", "valid"],
        ["not_after", ">=", soon],
      ]
  }
}

/** The public answer's status of a stored row at `at`: revoked or expired → terminated. */
export function publicStatusOf(status: string, notAfter: string, at: Date = new Date()): PublicStatus {
  if (status === "revoked") return "terminated"
  if (new Date(notAfter).getTime() < at.getTime()) return "terminated"
  if (status === "suspended") return "suspended"
  return "active"
}

/**
 * A person's name as a visitor may read it: the surname's first letter and the initials,
 * 'Иванов Иван Иванович' → 'И*** И. И.' (the register is public; the full name is personal data).
 */
export function maskPersonName(full: string | null | undefined): string | null {
  const parts = (full ?? "").trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return null
  const [surname, ...rest] = parts
  return [`${[...surname!][0]}***`, ...rest.map((p) => `${[...p][0]}.`)].join(" ")
}

/** A serial number as typed: spaces and colons dropped, lower case, leading zeros of the hex dropped (the stored form). */
export function normalizeSerial(raw: string): string {
  const typed = raw.replace(/[\s:]/g, "").toLowerCase()
  const hex = typed.length % 2 === 1 ? `0${typed}` : typed
  const trimmed = hex.replace(/^(00)+/, "")
  return trimmed === "" ? hex : trimmed
}

/** Types of `GET /api/v2/documents/{type}/` this part answers. */
export const DOCUMENT_TYPE_REVOKED_EPOA = "revoked_epoa"
